"""A server-sent events parser following the HTML standard's event-stream interpretation
(https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
`data` lines join with newlines, comment lines (starting with `:`) are skipped, a blank line
dispatches, a trailing event without its blank line is dropped."""

from __future__ import annotations

from typing import Iterable, Iterator, List, Optional

from ._types import StreamEvent


def _split_lines(chunks: Iterable[bytes]) -> Iterator[str]:
    """Lines of a byte stream ended by CRLF, LF or CR, decoded as UTF-8 once complete."""
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while True:
            cr = buffer.find(b"\r")
            lf = buffer.find(b"\n")
            if cr == -1 and lf == -1:
                break
            if cr != -1 and (lf == -1 or cr < lf):
                # A CR at the end of a chunk may be the first half of a CRLF: wait for more.
                if cr == len(buffer) - 1:
                    break
                end, skip = cr, 2 if buffer[cr + 1 : cr + 2] == b"\n" else 1
            else:
                end, skip = lf, 1
            yield buffer[:end].decode("utf-8", "replace")
            buffer = buffer[end + skip :]
    if buffer.endswith(b"\r"):
        yield buffer[:-1].decode("utf-8", "replace")


def parse_sse(chunks: Iterable[bytes]) -> Iterator[StreamEvent]:
    """Events from the raw bytes of a text/event-stream body, however the bytes are split into chunks."""
    data: List[str] = []
    event = ""
    last_id: Optional[str] = None
    retry: Optional[int] = None
    first = True
    for line in _split_lines(chunks):
        if first:
            line = line.lstrip("\ufeff")
            first = False
        if line == "":
            if data:
                yield StreamEvent(event=event or "message", data="\n".join(data), id=last_id, retry=retry)
            data, event, retry = [], "", None
            continue
        if line.startswith(":"):
            continue
        name, sep, value = line.partition(":")
        if sep and value.startswith(" "):
            value = value[1:]
        if name == "data":
            data.append(value)
        elif name == "event":
            event = value
        elif name == "id":
            if "\0" not in value:
                last_id = value
        elif name == "retry":
            if value.isdigit():
                retry = int(value)
