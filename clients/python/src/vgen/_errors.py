"""Exceptions raised by the client: one class per error type of the API's catalog (docs/api.md#errors)."""

from __future__ import annotations

import json
import time
from email.utils import parsedate_to_datetime
from typing import Any, Dict, Mapping, Optional, Type


class VgenError(Exception):
    """Base class of every error this client raises.

    API errors carry the fields of the error envelope; errors raised before an answer arrived
    (connection, timeout) leave `status`, `request_id` and `doc_url` as None. An error of a create
    (or cancel) carries its `idempotency_key`: sending the create again with it returns the same
    generation, charged once; `generation_id` is set once the generation's id was seen.
    """

    def __init__(
        self,
        message: str,
        *,
        code: Optional[str] = None,
        status: Optional[int] = None,
        param: Optional[str] = None,
        request_id: Optional[str] = None,
        doc_url: Optional[str] = None,
        type: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.param = param
        self.request_id = request_id
        self.doc_url = doc_url
        self.type = type
        self.headers: Dict[str, str] = dict(headers or {})
        self.idempotency_key: Optional[str] = None
        self.generation_id: Optional[str] = None

    def with_recovery(self, idempotency_key: Optional[str], generation_id: Optional[str] = None) -> "VgenError":
        """Fills in what identifies the create behind this error (first value wins); returns self."""
        self.idempotency_key = self.idempotency_key or idempotency_key
        self.generation_id = self.generation_id or generation_id
        return self

    @property
    def retry_after(self) -> Optional[float]:
        """Seconds from the answer's `Retry-After` header, when the server sent one."""
        return parse_retry_after(self.headers.get("retry-after"))

    def __str__(self) -> str:
        parts = [self.message]
        if self.code:
            parts.insert(0, f"[{self.code}]")
        if self.status is not None:
            parts.insert(0, str(self.status))
        if self.request_id:
            parts.append(f"(request_id={self.request_id})")
        return " ".join(parts)


class APIConnectionError(VgenError):
    """The server could not be reached, or the connection broke before an answer."""


class APITimeoutError(APIConnectionError):
    """No answer within the client's timeout."""


class APIStatusError(VgenError):
    """The API answered with an error status; `code` is the catalog code."""


class InvalidRequestError(APIStatusError):
    """400/405/413/415: the request is wrong; `param` names the field when there is one."""


class AuthenticationError(APIStatusError):
    """401: missing_api_key or invalid_api_key."""


class InsufficientBalanceError(APIStatusError):
    """402: the available balance does not cover the generation."""


class PermissionDeniedError(APIStatusError):
    """403: account suspended, subscription paused or spend cap reached."""


class NotFoundError(APIStatusError):
    """404: generation_not_found or route_not_found."""


class OutputExpiredError(NotFoundError):
    """410 output_expired: a download after the output's `expires_at`; its file is deleted."""


class ConflictError(APIStatusError):
    """409: generation_not_cancelable and the idempotency conflicts."""


class GenerationNotCancelableError(ConflictError):
    """409 generation_not_cancelable: the generation has already finished."""


class IdempotencyKeyReusedError(ConflictError):
    """409 idempotency_key_reused: the key was used with a different request."""


class RateLimitError(APIStatusError):
    """429 rate_limited (after the automatic retries); `retry_after` says how long to wait."""


class InternalServerError(APIStatusError):
    """500 internal_error, or another 5xx without a more specific class (after the automatic retries)."""


class ServiceUnavailableError(APIStatusError):
    """503 service_unavailable (or a gateway's 502, 504): the service cannot take work right now (after the automatic retries)."""


class WaitTimeoutError(VgenError):
    """A wait for a generation (`timeout=` of create_and_wait or wait) ran out; the generation goes on."""


_BY_CODE: Dict[str, Type[APIStatusError]] = {
    "service_unavailable": ServiceUnavailableError,
    "generation_not_cancelable": GenerationNotCancelableError,
    "idempotency_key_reused": IdempotencyKeyReusedError,
    "output_expired": OutputExpiredError,
}

_BY_STATUS: Dict[int, Type[APIStatusError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    402: InsufficientBalanceError,
    403: PermissionDeniedError,
    404: NotFoundError,
    405: InvalidRequestError,
    409: ConflictError,
    410: NotFoundError,
    413: InvalidRequestError,
    415: InvalidRequestError,
    429: RateLimitError,
    502: ServiceUnavailableError,
    503: ServiceUnavailableError,
    504: ServiceUnavailableError,
}


def error_class_for(status: int, code: Optional[str]) -> Type[APIStatusError]:
    if code and code in _BY_CODE:
        return _BY_CODE[code]
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    if status >= 500:
        return InternalServerError
    return APIStatusError


def error_from_response(status: int, headers: Mapping[str, str], body: bytes) -> APIStatusError:
    """The exception for an error answer: the envelope's fields, or the status alone when the body is not one."""
    envelope: Any = None
    try:
        envelope = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        pass
    error = envelope.get("error") if isinstance(envelope, dict) else None
    request_id = headers.get("x-request-id")
    if not isinstance(error, dict):
        text = body.decode("utf-8", "replace").strip()[:200]
        return error_class_for(status, None)(
            f"HTTP {status}" + (f": {text}" if text else ""), status=status, request_id=request_id, headers=headers
        )
    code = error.get("code") if isinstance(error.get("code"), str) else None
    return error_class_for(status, code)(
        str(error.get("message") or f"HTTP {status}"),
        code=code,
        status=status,
        param=error.get("param"),
        request_id=error.get("request_id") or request_id,
        doc_url=error.get("doc_url"),
        type=error.get("type"),
        headers=headers,
    )


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date); None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
