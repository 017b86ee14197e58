"""HTTP for the client: one request with automatic retries (docs/api.md#idempotency, #rate-limits).

Every POST that changes something carries an `Idempotency-Key`, the same one on each of its
retries, so a retried create is never made or charged twice; an error after the last retry carries
the key (`idempotency_key`) so the caller can send the create again and get the same generation. 429, 502-504,
`409 idempotency_request_in_progress`, connection errors and timeouts are retried with exponential
backoff and jitter; a `Retry-After` from the server sets the wait instead. Only the attempt that
gets an answer's headers counts: a stream that breaks later is not replayed here (the generations
resource re-attaches to it).
"""

from __future__ import annotations

import http.client
import json
import random
import socket
import ssl
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, Mapping, Optional
from urllib.parse import urlencode, urljoin, urlsplit

from ._errors import APIConnectionError, APITimeoutError, VgenError, error_from_response, parse_retry_after

RETRY_STATUSES = frozenset({429, 502, 503, 504})
MAX_REDIRECTS = 5


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait: attempt n (0-based) waits about initial * 2**n, at most `max_delay`,
    times a random factor in [0.5, 1]; a server's Retry-After (capped at `max_retry_after`) replaces that."""

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0

    def delay(self, attempt: int, retry_after: Optional[float]) -> float:
        if retry_after is not None:
            return min(retry_after, self.max_retry_after)
        return min(self.max_delay, self.initial_delay * (2**attempt)) * (0.5 + random.random() / 2)


def new_idempotency_key() -> str:
    return f"vgen-py-{uuid.uuid4().hex}"


class Response:
    """An answer whose body is read whole (`read`) or chunk by chunk (`iter_bytes`, then `close`)."""

    def __init__(self, conn: http.client.HTTPConnection, raw: http.client.HTTPResponse, url: str) -> None:
        self._conn = conn
        self._raw = raw
        self.url = url
        self.status = raw.status
        self.headers: Dict[str, str] = {k.lower(): v for k, v in raw.getheaders()}
        self._body: Optional[bytes] = None

    def read(self) -> bytes:
        """The whole body (read once, then kept); closes the connection."""
        if self._body is None:
            try:
                self._body = self._raw.read()
            except (OSError, http.client.HTTPException) as exc:
                raise _connection_error(exc) from exc
            finally:
                self.close()
        return self._body

    def json(self) -> Any:
        return json.loads(self.read().decode("utf-8"))

    def iter_bytes(self, size: int = 65536) -> Iterator[bytes]:
        try:
            while True:
                chunk = self._raw.read1(size)
                if not chunk:
                    return
                yield chunk
        except (OSError, http.client.HTTPException) as exc:
            raise _connection_error(exc) from exc
        finally:
            self.close()

    def close(self) -> None:
        self._raw.close()
        self._conn.close()


def _connection_error(exc: BaseException) -> APIConnectionError:
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return APITimeoutError(f"timed out: {exc}")
    return APIConnectionError(f"connection failed: {exc}")


def _open(method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], timeout: float) -> Response:
    """One HTTP exchange up to the response headers (http.client: no proxies, no redirects followed)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise VgenError(f"not an absolute http(s) URL: {url!r}")
    conn: http.client.HTTPConnection
    if parts.scheme == "https":
        context = ssl.create_default_context()
        conn = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout, context=context)
    else:
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        conn.request(method, target, body=body, headers=dict(headers))
        raw = conn.getresponse()
    except (OSError, http.client.HTTPException) as exc:
        conn.close()
        raise _connection_error(exc) from exc
    return Response(conn, raw, url)


def _retryable(status: int, body: bytes) -> bool:
    if status in RETRY_STATUSES:
        return True
    # The first request with this key is still running: its answer comes back once it finishes.
    return status == 409 and b"idempotency_request_in_progress" in body


class Transport:
    def __init__(
        self,
        *,
        base_url: str,
        api_key: Optional[str],
        timeout: float,
        retry: RetryPolicy,
        user_agent: str,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retry = retry
        self.user_agent = user_agent
        self._sleep = sleep

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
        accept: str = "application/json",
        stream: bool = False,
        idempotent: bool = True,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Response:
        """Sends the request, retrying as the module says; raises the API's error as an exception."""
        url = self.base_url + path
        if query:
            pairs = {k: v for k, v in query.items() if v is not None}
            if pairs:
                url += "?" + urlencode(pairs)
        headers = {**(headers or {}), "accept": accept, "user-agent": self.user_agent}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        body: Optional[bytes] = None
        if json_body is not None:
            body = json.dumps(json_body, separators=(",", ":")).encode("utf-8")
            headers["content-type"] = "application/json"
        key = (idempotency_key or new_idempotency_key()) if method == "POST" and idempotent else None
        if key:
            headers["idempotency-key"] = key
        try:
            res = self._exchange(method, url, headers, body)
            if res.status >= 400:
                raise error_from_response(res.status, res.headers, res.read())
            if not stream:
                res.read()
        except VgenError as exc:
            raise exc.with_recovery(key)
        return res

    def _exchange(self, method: str, url: str, headers: Mapping[str, str], body: Optional[bytes]) -> Response:
        """The exchange with its retries; the last answer is returned whatever its status."""
        attempt = 0
        while True:
            try:
                res = _open(method, url, headers, body, self.timeout)
            except APIConnectionError:
                if attempt >= self.retry.max_retries:
                    raise
                self._sleep(self.retry.delay(attempt, None))
                attempt += 1
                continue
            if res.status < 400 or attempt >= self.retry.max_retries:
                return res
            if not _retryable(res.status, res.read()):
                return res
            self._sleep(self.retry.delay(attempt, parse_retry_after(res.headers.get("retry-after"))))
            attempt += 1

    def open_download(self, url: str) -> Response:
        """GET of an output file URL (public: no API key is sent), following redirects."""
        target = urljoin(self.base_url + "/", url)
        for _ in range(MAX_REDIRECTS + 1):
            headers = {"user-agent": self.user_agent, "accept": "*/*"}
            res = self._exchange("GET", target, headers, None)
            if res.status in (301, 302, 303, 307, 308) and "location" in res.headers:
                res.close()
                target = urljoin(target, res.headers["location"])
                continue
            if res.status >= 400:
                raise error_from_response(res.status, res.headers, res.read())
            return res
        raise VgenError(f"more than {MAX_REDIRECTS} redirects downloading {url}")

