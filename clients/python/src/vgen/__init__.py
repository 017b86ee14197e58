"""Python client for the vgen video generation API. See README.md in clients/python."""

from . import webhooks
from ._client import VERSION as __version__
from ._client import DownloadResult, Models, Vgen
from ._errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    ConflictError,
    GenerationNotCancelableError,
    IdempotencyKeyReusedError,
    InsufficientBalanceError,
    InternalServerError,
    InvalidRequestError,
    NotFoundError,
    OutputExpiredError,
    PermissionDeniedError,
    RateLimitError,
    ServiceUnavailableError,
    VgenError,
    WaitTimeoutError,
)
from ._generations import GenerationList, Generations, GenerationStream
from ._http import RetryPolicy
from ._types import DurationRange, Generation, GenerationFailure, Model, Output, Page, Quote, StreamEvent
from .webhooks import WebhookVerificationError

__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "ConflictError",
    "DownloadResult",
    "DurationRange",
    "Generation",
    "Quote",
    "GenerationFailure",
    "GenerationList",
    "GenerationNotCancelableError",
    "GenerationStream",
    "Generations",
    "IdempotencyKeyReusedError",
    "InsufficientBalanceError",
    "InternalServerError",
    "InvalidRequestError",
    "Model",
    "Models",
    "NotFoundError",
    "OutputExpiredError",
    "Output",
    "Page",
    "PermissionDeniedError",
    "RateLimitError",
    "RetryPolicy",
    "ServiceUnavailableError",
    "StreamEvent",
    "Vgen",
    "VgenError",
    "WaitTimeoutError",
    "WebhookVerificationError",
    "__version__",
    "webhooks",
]
