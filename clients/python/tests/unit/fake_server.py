"""A scripted HTTP server on 127.0.0.1 for unit tests: answers requests from a queue of replies and
records what each request carried."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Union


@dataclass
class Reply:
    status: int = 200
    body: Union[bytes, str, Any] = b""
    headers: Dict[str, str] = field(default_factory=dict)
    # Seconds to wait before answering (timeouts).
    delay: float = 0.0
    # Close the connection without any answer (a connection error for the client).
    drop: bool = False
    # Body sent in these pieces, flushed one by one (streams); overrides `body`.
    chunks: Optional[List[bytes]] = None


@dataclass
class Seen:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes
    at: float

    def json(self) -> Any:
        return json.loads(self.body)


def error_body(code: str, status_message: str = "refused", param: Optional[str] = None) -> Dict[str, Any]:
    return {
        "error": {
            "code": code,
            "type": "invalid_request_error",
            "message": status_message,
            "param": param,
            "doc_url": f"http://api.test/errors#{code}",
            "request_id": "req_from_body",
        }
    }


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that timed out has gone: writing the late answer fails, as intended.
        pass


class FakeServer:
    def __init__(self, route: Optional[Callable[[Seen], Optional[Reply]]] = None) -> None:
        self.replies: List[Reply] = []
        self.seen: List[Seen] = []
        self.route = route
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                seen = Seen(
                    self.command,
                    self.path,
                    {k.lower(): v for k, v in self.headers.items()},
                    self.rfile.read(length) if length else b"",
                    time.monotonic(),
                )
                server.seen.append(seen)
                reply = server.route(seen) if server.route else None
                if reply is None:
                    reply = server.replies.pop(0) if server.replies else Reply(500, b"no reply scripted")
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.drop:
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                body = reply.body
                if not isinstance(body, (bytes, str)):
                    body = json.dumps(body)
                if isinstance(body, str):
                    body = body.encode("utf-8")
                self.send_response(reply.status)
                headers = {"x-request-id": "req_from_header", **reply.headers}
                if reply.chunks is None:
                    headers.setdefault("content-type", "application/json")
                    headers["content-length"] = str(len(body))
                for k, v in headers.items():
                    self.send_header(k, v)
                if reply.chunks is not None:
                    self.send_header("connection", "close")
                    self.end_headers()
                    for piece in reply.chunks:
                        self.wfile.write(piece)
                        self.wfile.flush()
                        time.sleep(0.01)
                    self.close_connection = True
                    return
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _handle

        self.httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "FakeServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def record(id: str = "vid_1", status: str = "processing", progress: int = 0, **extra: Any) -> Dict[str, Any]:
    base: Dict[str, Any] = {
        "id": id,
        "model": "gen-3.1-fast",
        "status": status,
        "price": "$0.100 / сек",
        "eta_seconds": 0 if status != "processing" else 5,
        "output": [{"url": f"/cdn/{id}.mp4", "resolution": "720p", "duration": 1, "poster_url": f"/cdn/{id}.jpg",
          "expires_at": "2026-12-23T09:00:10Z", "expired": False}]
        if status == "completed"
        else [],
        "created_at": "2026-11-23T09:00:00Z",
        "progress": progress,
    }
    base.update(extra)
    return base


def sse(*records: Dict[str, Any]) -> List[bytes]:
    return [f"id: {i + 1}\nevent: generation\ndata: {json.dumps(r)}\n\n".encode() for i, r in enumerate(records)]
