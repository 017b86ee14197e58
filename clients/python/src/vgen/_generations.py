"""`client.generations`: create, stream, wait for, read, list and cancel generations (docs/api.md#endpoints)."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Iterator, List, Literal, Optional, Sequence, Union, overload
from urllib.parse import quote

from ._errors import APIConnectionError, VgenError, WaitTimeoutError
from ._http import Response, Transport, new_idempotency_key
from ._sse import parse_sse
from ._types import Generation, Page, Quote, StreamEvent

ProgressCallback = Callable[[Generation], None]

# How often create_and_wait re-attaches to a broken stream before it falls back to polling.
REATTACH_ATTEMPTS = 3
POLL_INTERVAL_SECONDS = 1.0


class GenerationStream:
    """The events of one generation as the server sends them; iterate, or use as a context manager.

    The stream ends after the event carrying the terminal record. `request_id` is the create's
    `X-Request-Id`; `replayed` is True when an Idempotency-Key replayed an earlier create.
    """

    def __init__(self, response: Response) -> None:
        self._response = response
        self.request_id: Optional[str] = response.headers.get("x-request-id")
        self.replayed = response.headers.get("idempotent-replayed") == "true"

    def __iter__(self) -> Iterator[StreamEvent]:
        return parse_sse(self._response.iter_bytes())

    def close(self) -> None:
        self._response.close()

    def __enter__(self) -> "GenerationStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class GenerationList:
    """Every generation of the account, newest first, fetched page by page as iteration goes on."""

    def __init__(self, fetch: Callable[[Optional[str]], Page], cursor: Optional[str]) -> None:
        self._fetch = fetch
        self._cursor = cursor

    def pages(self) -> Iterator[Page]:
        cursor = self._cursor
        while True:
            page = self._fetch(cursor)
            yield page
            if not page.has_more or not page.next_cursor:
                return
            cursor = page.next_cursor

    def __iter__(self) -> Iterator[Generation]:
        for page in self.pages():
            yield from page.data


# The API's names for the create body's optional fields (a quote takes the same body).
_BODY_NAMES = {
    "stream": "stream",
    "duration": "duration",
    "size": "size",
    "aspect_ratio": "aspectRatio",
    "first_frame_url": "firstFrameUrl",
    "last_frame_url": "lastFrameUrl",
    "urls": "urls",
    "seed": "seed",
    "negative_prompt": "negativePrompt",
    "generate_audio": "generateAudio",
    "n": "n",
    "web_hook": "webHook",
    "deadline": "deadline",
    "retention_days": "retention_days",
    "quote_id": "quoteId",
    "extend_from": "extendFrom",
}


def _generation_body(model: str, prompt: str, **fields: Any) -> Dict[str, Any]:
    """A create (or quote) body as the API spells it; fields left as None are not sent."""
    body: Dict[str, Any] = {"model": model, "prompt": prompt}
    for name, value in fields.items():
        if value is None:
            continue
        if name == "urls":
            value = list(value)
        elif name == "deadline" and isinstance(value, datetime):
            value = _iso_utc(value)
        body[_BODY_NAMES[name]] = value
    return body


class Generations:
    def __init__(self, transport: Transport, sleep: Callable[[float], None] = time.sleep) -> None:
        self._transport = transport
        self._sleep = sleep

    @overload
    def create(
        self,
        *,
        model: str,
        prompt: str,
        duration: Optional[int] = ...,
        size: Optional[str] = ...,
        aspect_ratio: Optional[str] = ...,
        first_frame_url: Optional[str] = ...,
        last_frame_url: Optional[str] = ...,
        urls: Optional[Sequence[str]] = ...,
        seed: Optional[int] = ...,
        negative_prompt: Optional[str] = ...,
        generate_audio: Optional[bool] = ...,
        extend_from: Optional[str] = ...,
        n: Optional[int] = ...,
        web_hook: Optional[str] = ...,
        deadline: Optional[Union[str, datetime]] = ...,
        retention_days: Optional[int] = ...,
        quote_id: Optional[str] = ...,
        cancel_after: Optional[Union[int, str]] = ...,
        wait: Optional[int] = ...,
        stream: Literal[False] = ...,
        idempotency_key: Optional[str] = ...,
    ) -> Generation: ...

    @overload
    def create(
        self,
        *,
        model: str,
        prompt: str,
        duration: Optional[int] = ...,
        size: Optional[str] = ...,
        aspect_ratio: Optional[str] = ...,
        first_frame_url: Optional[str] = ...,
        last_frame_url: Optional[str] = ...,
        urls: Optional[Sequence[str]] = ...,
        seed: Optional[int] = ...,
        negative_prompt: Optional[str] = ...,
        generate_audio: Optional[bool] = ...,
        extend_from: Optional[str] = ...,
        n: Optional[int] = ...,
        web_hook: None = ...,
        deadline: Optional[Union[str, datetime]] = ...,
        retention_days: Optional[int] = ...,
        quote_id: Optional[str] = ...,
        cancel_after: Optional[Union[int, str]] = ...,
        wait: None = ...,
        stream: Literal[True],
        idempotency_key: Optional[str] = ...,
    ) -> GenerationStream: ...

    def create(
        self,
        *,
        model: str,
        prompt: str,
        duration: Optional[int] = None,
        size: Optional[str] = None,
        aspect_ratio: Optional[str] = None,
        first_frame_url: Optional[str] = None,
        last_frame_url: Optional[str] = None,
        urls: Optional[Sequence[str]] = None,
        seed: Optional[int] = None,
        negative_prompt: Optional[str] = None,
        generate_audio: Optional[bool] = None,
        extend_from: Optional[str] = None,
        n: Optional[int] = None,
        web_hook: Optional[str] = None,
        deadline: Optional[Union[str, datetime]] = None,
        retention_days: Optional[int] = None,
        quote_id: Optional[str] = None,
        cancel_after: Optional[Union[int, str]] = None,
        wait: Optional[int] = None,
        stream: bool = False,
        idempotency_key: Optional[str] = None,
    ) -> Union[Generation, GenerationStream]:
        """Starts a generation. Without `stream`: the accepted record (status `processing`), to be polled
        with `get` or awaited with `wait`; with `web_hook` the terminal record is also POSTed there.
        With `stream=True`: a GenerationStream of its events, ending with the terminal record.

        `wait=N` (1-60 s, `Prefer: wait`) holds the answer until the generation ends or N seconds pass.
        `deadline` (an aware datetime or ISO 8601 text) or `cancel_after` (seconds, or text such as
        "5m") has the platform cancel it if unfinished by then (docs/api.md#deadlines). `retention_days`
        (1-365) keeps the output that long after completion instead of the account's setting
        (docs/api.md#output-retention). `quote_id` (from `quote` with the same arguments, within 10
        minutes) caps the charge at the quoted cost (docs/api.md#binding-quotes). `seed` (0-4294967295)
        makes a local render reproducible and is passed to providers that take one; `negative_prompt`
        says what the clip should not show; `generate_audio` asks for a sound track (None: the model's
        default); `n` (1-4, at most the model's `max_outputs`) asks for several clips, each billed, one
        `output` entry each. `extend_from` (a completed generation's id) continues that clip: its size,
        shape and seed, billed only the new seconds; join the chain with `concat`
        (docs/api.md#extending-a-clip)."""
        if stream and web_hook is not None:
            raise ValueError("web_hook selects callback mode, which answers with the record, not a stream")
        if stream and wait is not None:
            raise ValueError("wait holds a JSON answer; a stream already follows the generation to its end")
        headers: Dict[str, str] = {}
        if wait is not None:
            headers["prefer"] = f"wait={wait}"
        if cancel_after is not None:
            headers["cancel-after"] = str(cancel_after)
        body = _generation_body(
            model,
            prompt,
            stream=stream,
            duration=duration,
            size=size,
            aspect_ratio=aspect_ratio,
            first_frame_url=first_frame_url,
            last_frame_url=last_frame_url,
            urls=urls,
            seed=seed,
            negative_prompt=negative_prompt,
            generate_audio=generate_audio,
            extend_from=extend_from,
            n=n,
            web_hook=web_hook,
            deadline=deadline,
            retention_days=retention_days,
            quote_id=quote_id,
        )
        accept = "text/event-stream" if stream else "application/json"
        res = self._transport.request(
            "POST",
            "/api/v1/videos/generations",
            json_body=body,
            idempotency_key=idempotency_key,
            accept=accept,
            stream=stream,
            headers=headers,
        )
        return GenerationStream(res) if stream else Generation.from_dict(res.json())

    def create_and_wait(
        self,
        *,
        model: str,
        prompt: str,
        duration: Optional[int] = None,
        size: Optional[str] = None,
        aspect_ratio: Optional[str] = None,
        first_frame_url: Optional[str] = None,
        last_frame_url: Optional[str] = None,
        urls: Optional[Sequence[str]] = None,
        seed: Optional[int] = None,
        negative_prompt: Optional[str] = None,
        generate_audio: Optional[bool] = None,
        extend_from: Optional[str] = None,
        n: Optional[int] = None,
        deadline: Optional[Union[str, datetime]] = None,
        retention_days: Optional[int] = None,
        cancel_after: Optional[Union[int, str]] = None,
        quote_id: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        on_progress: Optional[ProgressCallback] = None,
        mode: Literal["stream", "poll"] = "stream",
        poll_interval: float = POLL_INTERVAL_SECONDS,
        timeout: Optional[float] = None,
    ) -> Generation:
        """Creates a generation and returns its terminal record (completed, failed or canceled: check
        `status` and `error`), calling `on_progress` with every record seen on the way (and, while it
        waits to start, with its new `queue_position` and `eta_seconds` each time it moves up the queue).
        `quote_id` caps the charge at a binding quote's cost, as with `create`.

        `mode="stream"` follows the event stream; when the connection breaks it re-attaches, and polls
        if that keeps failing. `mode="poll"` polls every `poll_interval` seconds. `timeout` bounds the
        whole wait (WaitTimeoutError; the generation goes on)."""
        wait_until = None if timeout is None else time.monotonic() + timeout
        # One key for every attempt: a create retried after a broken stream replays the same generation.
        key = idempotency_key or new_idempotency_key()
        params: Dict[str, Any] = dict(
            model=model,
            prompt=prompt,
            duration=duration,
            size=size,
            aspect_ratio=aspect_ratio,
            first_frame_url=first_frame_url,
            last_frame_url=last_frame_url,
            urls=urls,
            seed=seed,
            negative_prompt=negative_prompt,
            generate_audio=generate_audio,
            extend_from=extend_from,
            n=n,
            deadline=deadline,
            retention_days=retention_days,
            cancel_after=cancel_after,
            quote_id=quote_id,
            idempotency_key=key,
        )
        seen: List[str] = []

        def track(record: Generation) -> None:
            seen[:] = [record.id]
            if on_progress:
                on_progress(record)

        try:
            return self._create_and_follow(params, track, mode, wait_until, poll_interval)
        except VgenError as exc:
            # The key (and the id, once seen) let the caller find the generation this create made.
            raise exc.with_recovery(key, seen[0] if seen else None)

    def _create_and_follow(
        self,
        params: Dict[str, Any],
        on_progress: ProgressCallback,
        mode: Literal["stream", "poll"],
        wait_until: Optional[float],
        poll_interval: float,
    ) -> Generation:
        if mode == "poll":
            return self._poll(self.create(**params), on_progress, wait_until, poll_interval)
        latest: Optional[Generation] = None
        for attempt in range(REATTACH_ATTEMPTS):
            try:
                with self.create(**params, stream=True) as stream:
                    for record in _records(stream, on_progress, wait_until):
                        latest = record
            except APIConnectionError:
                if latest is None and attempt == REATTACH_ATTEMPTS - 1:
                    raise
            if latest is not None:
                break
        if latest is None:
            raise APIConnectionError("the event stream ended before its first record")
        return latest if latest.is_terminal else self._follow(latest.id, on_progress, wait_until, poll_interval)

    def wait(
        self,
        id: str,
        *,
        on_progress: Optional[ProgressCallback] = None,
        mode: Literal["stream", "poll"] = "stream",
        poll_interval: float = POLL_INTERVAL_SECONDS,
        timeout: Optional[float] = None,
    ) -> Generation:
        """The terminal record of an existing generation, following its events (polling if streams keep
        breaking), or polling every `poll_interval` seconds with `mode="poll"`."""
        wait_until = None if timeout is None else time.monotonic() + timeout
        if mode == "poll":
            return self._poll(self.get(id), on_progress, wait_until, poll_interval)
        return self._follow(id, on_progress, wait_until, poll_interval)

    def events(self, id: str) -> GenerationStream:
        """Streams an existing generation again: its current record at once, then every change."""
        res = self._transport.request(
            "GET", f"/api/v1/videos/generations/{quote(id, safe='')}/events", accept="text/event-stream", stream=True
        )
        return GenerationStream(res)

    def get(self, id: str) -> Generation:
        """The record of one generation (POST /api/v1/videos/result)."""
        # A read sent as POST: safe to retry without a key, and a key would make a retried poll replay a stale record.
        res = self._transport.request("POST", "/api/v1/videos/result", json_body={"id": id}, idempotent=False)
        return Generation.from_dict(res.json())

    def quote(
        self,
        *,
        model: str,
        prompt: str,
        duration: Optional[int] = None,
        size: Optional[str] = None,
        aspect_ratio: Optional[str] = None,
        first_frame_url: Optional[str] = None,
        last_frame_url: Optional[str] = None,
        urls: Optional[Sequence[str]] = None,
        seed: Optional[int] = None,
        negative_prompt: Optional[str] = None,
        generate_audio: Optional[bool] = None,
        extend_from: Optional[str] = None,
        n: Optional[int] = None,
        web_hook: Optional[str] = None,
        deadline: Optional[Union[str, datetime]] = None,
        retention_days: Optional[int] = None,
        idempotency_key: Optional[str] = None,
    ) -> Quote:
        """A binding quote for `create` with the same arguments: cost, billed seconds, ETA and a
        `quote_id` valid for 10 minutes. Nothing is held (docs/api.md#binding-quotes)."""
        body = _generation_body(
            model,
            prompt,
            duration=duration,
            size=size,
            aspect_ratio=aspect_ratio,
            first_frame_url=first_frame_url,
            last_frame_url=last_frame_url,
            urls=urls,
            seed=seed,
            negative_prompt=negative_prompt,
            generate_audio=generate_audio,
            extend_from=extend_from,
            n=n,
            web_hook=web_hook,
            deadline=deadline,
            retention_days=retention_days,
        )
        res = self._transport.request("POST", "/api/v1/videos/quote", json_body=body, idempotency_key=idempotency_key)
        return Quote.from_dict(res.json())

    def cancel(self, id: str) -> Generation:
        """Cancels a generation that has not finished; raises GenerationNotCancelableError if it has."""
        res = self._transport.request("POST", "/api/v1/videos/cancel", json_body={"id": id})
        return Generation.from_dict(res.json())

    def concat(self, id: str) -> Generation:
        """Joins the extension chain ending at `id` (its last clip) into one MP4: the completed record
        of the join, whose `concat_of` lists the clips. Free: each clip was billed its own seconds."""
        res = self._transport.request("POST", "/api/v1/videos/concat", json_body={"id": id})
        return Generation.from_dict(res.json())

    def list_page(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page:
        """One page of the account's generations, newest first; `limit` is 1-100 (server default 20)."""
        query = {"limit": limit, "cursor": cursor}
        data = self._transport.request("GET", "/api/v1/videos/generations", query=query).json()
        return Page(
            data=[Generation.from_dict(g) for g in data.get("data") or []],
            has_more=bool(data.get("has_more")),
            next_cursor=data.get("next_cursor"),
        )

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> GenerationList:
        """Every generation of the account, newest first, fetching pages of `limit` as iteration goes on."""
        return GenerationList(lambda page_cursor: self.list_page(limit=limit, cursor=page_cursor), cursor)

    def _follow(
        self, id: str, on_progress: Optional[ProgressCallback], wait_until: Optional[float], poll_interval: float
    ) -> Generation:
        for _ in range(REATTACH_ATTEMPTS):
            latest: Optional[Generation] = None
            try:
                with self.events(id) as stream:
                    for record in _records(stream, on_progress, wait_until):
                        latest = record
            except APIConnectionError:
                _check_wait_until(wait_until)
            if latest is not None and latest.is_terminal:
                return latest
        return self._poll(self.get(id), on_progress, wait_until, poll_interval)

    def _poll(
        self, record: Generation, on_progress: Optional[ProgressCallback], wait_until: Optional[float], interval: float
    ) -> Generation:
        while True:
            if on_progress:
                on_progress(record)
            if record.is_terminal:
                return record
            _check_wait_until(wait_until)
            self._sleep(interval)
            record = self.get(record.id)


def _records(
    stream: GenerationStream, on_progress: Optional[ProgressCallback], wait_until: Optional[float]
) -> Iterator[Generation]:
    last: Optional[Generation] = None
    for event in stream:
        if event.event == "queue" and last is not None:
            # Moved up the queue while waiting: only the place and the ETA change (no event id).
            moved = event.json()
            raw = {**last.raw, "queue_position": moved.get("queue_position"), "eta_seconds": moved.get("eta_seconds")}
            last = Generation.from_dict(raw)
            if on_progress:
                on_progress(last)
            continue
        if event.event != "generation":
            continue
        record = last = event.generation
        if on_progress:
            on_progress(record)
        yield record
        if record.is_terminal:
            return
        _check_wait_until(wait_until)


def _iso_utc(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("deadline must be a timezone-aware datetime (for example datetime.now(timezone.utc))")
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _check_wait_until(wait_until: Optional[float]) -> None:
    if wait_until is not None and time.monotonic() > wait_until:
        raise WaitTimeoutError("the generation did not finish within the timeout")

