"""The client object: `Vgen(api_key=..., base_url=...)`."""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Callable, List, Mapping, Optional, Union

from ._errors import AuthenticationError, VgenError
from ._generations import Generations
from ._http import RetryPolicy, Transport
from ._types import Generation, Model

DEFAULT_BASE_URL = "http://localhost:3000"
DEFAULT_TIMEOUT_SECONDS = 60.0
VERSION = "0.1.0"

DownloadProgress = Callable[[int, Optional[int]], None]


@dataclass(frozen=True)
class DownloadResult:
    path: str
    bytes: int


class Models:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    def list(self) -> List[Model]:
        """The enabled catalog: prices, sizes, duration bounds and rate limits per model."""
        data = self._transport.request("GET", "/api/v1/models").json()
        return [Model.from_dict(m) for m in data.get("data") or []]


class Vgen:
    """A client of the vgen API.

    `api_key` defaults to `$VGEN_API_KEY`, `base_url` to `$VGEN_BASE_URL` (else http://localhost:3000).
    `timeout` bounds each connect and each read of an answer, in seconds; `max_retries` is how often
    a request is retried after 429, 502-504, a connection error or a timeout.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = 2,
        retry: Optional[RetryPolicy] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("VGEN_API_KEY")
        if key is None:
            raise AuthenticationError("no API key: pass api_key=... or set VGEN_API_KEY", code="missing_api_key")
        self.base_url = (base_url or os.environ.get("VGEN_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self._transport = Transport(
            base_url=self.base_url,
            api_key=key,
            timeout=timeout,
            retry=retry or RetryPolicy(max_retries=max_retries),
            user_agent=f"vgen-python/{VERSION}",
            sleep=sleep,
        )
        self.generations = Generations(self._transport, sleep)
        self.models = Models(self._transport)

    def download(
        self,
        record_or_url: Union[Generation, Mapping[str, Any], str],
        path: Union[str, "os.PathLike[str]"],
        *,
        on_progress: Optional[DownloadProgress] = None,
    ) -> DownloadResult:
        """Streams a finished generation's video (or any output URL) to `path`; returns the path and size.

        The file appears only when complete (written beside it, then renamed); `on_progress` gets the
        bytes written so far and the total when the server states it.
        """
        url = _output_url(record_or_url)
        target = os.fspath(path)
        res = self._transport.open_download(url)
        length = res.headers.get("content-length")
        total = int(length) if length and length.isdigit() else None
        fd, partial = tempfile.mkstemp(prefix=".vgen-", suffix=".part", dir=os.path.dirname(os.path.abspath(target)))
        try:
            written = 0
            with os.fdopen(fd, "wb") as out:
                for chunk in res.iter_bytes():
                    out.write(chunk)
                    written += len(chunk)
                    if on_progress:
                        on_progress(written, total)
            if total is not None and written != total:
                raise VgenError(f"download of {url} ended after {written} of {total} bytes")
            os.replace(partial, target)
        except BaseException:
            res.close()
            if os.path.exists(partial):
                os.unlink(partial)
            raise
        return DownloadResult(target, written)


def _output_url(record_or_url: Union[Generation, Mapping[str, Any], str]) -> str:
    if isinstance(record_or_url, str):
        return record_or_url
    record = record_or_url if isinstance(record_or_url, Generation) else Generation.from_dict(record_or_url)
    if not record.video_url:
        raise VgenError(f"generation {record.id} has no output (status {record.status})")
    return record.video_url
