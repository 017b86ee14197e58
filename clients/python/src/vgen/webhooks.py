"""Verifying the callbacks the API POSTs to a `webHook` URL (docs/api.md#callbacks).

The server signs as Standard Webhooks does: `webhook-signature` holds space-separated `v1,<sig>`
entries, each a base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the
base64-decoded part of the account's `whsec_` secret. Verify the raw bytes, before any JSON parsing.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

from ._errors import VgenError

DEFAULT_TOLERANCE_SECONDS = 300


class WebhookVerificationError(VgenError):
    """The callback is not signed with the secret, is malformed, or its timestamp is outside the tolerance."""


def verify(
    payload: Union[bytes, str],
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Any:
    """Checks the signature and timestamp of one callback and returns its parsed JSON body
    (`{"type": "generation.completed", "data": <record>}`). Raises WebhookVerificationError otherwise.

    Deduplicate on `webhook-id`: delivery is at least once.
    """
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    lowered = {k.lower(): v for k, v in headers.items()}
    msg_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds") from None
    current = time.time() if now is None else now
    if sent_at < current - tolerance:
        raise WebhookVerificationError("webhook-timestamp is too old")
    if sent_at > current + tolerance:
        raise WebhookVerificationError("webhook-timestamp is in the future")
    expected = base64.b64encode(
        hmac.new(_secret_bytes(secret), f"{msg_id}.{timestamp}.".encode("utf-8") + payload, hashlib.sha256).digest()
    ).decode("ascii")
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            try:
                return json.loads(payload.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise WebhookVerificationError("the signed body is not JSON") from None
    raise WebhookVerificationError("no signature matches")


def _secret_bytes(secret: str) -> bytes:
    encoded = secret[len("whsec_") :] if secret.startswith("whsec_") else secret
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise WebhookVerificationError("the secret is not a whsec_ secret (base64 after the prefix)") from None
