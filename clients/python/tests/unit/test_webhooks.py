"""Webhook verification: Standard Webhooks as the server signs (packages/engine/src/delivery/signing.ts)."""

import base64
import hashlib
import hmac
import json
import time
import unittest

from vgen import webhooks
from vgen.webhooks import WebhookVerificationError

SECRET_BYTES = b"0123456789abcdef0123456789abcdef"
SECRET = "whsec_" + base64.b64encode(SECRET_BYTES).decode()
BODY = json.dumps({"type": "generation.completed", "data": {"id": "vid_1", "status": "completed"}}).encode()


def signed(body: bytes = BODY, at: int = 0, msg_id: str = "whd_1", key: bytes = SECRET_BYTES):
    ts = str(at or int(time.time()))
    sig = base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    return {"webhook-id": msg_id, "webhook-timestamp": ts, "webhook-signature": f"v1,{sig}"}


class VerifyTest(unittest.TestCase):
    def test_a_valid_callback_returns_the_event(self):
        event = webhooks.verify(BODY, signed(), SECRET)
        self.assertEqual(event["type"], "generation.completed")
        self.assertEqual(event["data"]["id"], "vid_1")

    def test_header_names_are_case_insensitive_and_any_listed_signature_may_match(self):
        headers = signed()
        mixed = {
            "Webhook-Id": headers["webhook-id"],
            "Webhook-Timestamp": headers["webhook-timestamp"],
            "Webhook-Signature": "v1,AAAA " + headers["webhook-signature"],
        }
        self.assertEqual(webhooks.verify(BODY, mixed, SECRET)["data"]["status"], "completed")

    def test_a_tampered_body_id_or_signature_is_refused(self):
        headers = signed()
        tampered_body = BODY.replace(b"completed\"}}", b"failed\"}}")
        for body, h in [
            (tampered_body, headers),
            (BODY, {**headers, "webhook-id": "whd_2"}),
            (BODY, {**headers, "webhook-signature": headers["webhook-signature"][:-4] + "AAA="}),
            (BODY, {**headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,")}),
            (BODY, signed(key=b"another secret entirely.........")),
        ]:
            with self.subTest(headers=h), self.assertRaises(WebhookVerificationError):
                webhooks.verify(body, h, SECRET)

    def test_a_stale_or_future_timestamp_is_refused_even_when_signed(self):
        now = int(time.time())
        with self.assertRaisesRegex(WebhookVerificationError, "too old"):
            webhooks.verify(BODY, signed(at=now - 301), SECRET)
        with self.assertRaisesRegex(WebhookVerificationError, "future"):
            webhooks.verify(BODY, signed(at=now + 301), SECRET)
        self.assertTrue(webhooks.verify(BODY, signed(at=now - 290), SECRET))
        self.assertTrue(webhooks.verify(BODY, signed(at=now - 3000), SECRET, tolerance=3600))

    def test_missing_headers_or_a_malformed_secret_are_refused(self):
        headers = signed()
        for name in headers:
            partial = {k: v for k, v in headers.items() if k != name}
            with self.subTest(missing=name), self.assertRaises(WebhookVerificationError):
                webhooks.verify(BODY, partial, SECRET)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(BODY, headers, "whsec_not base64!")


if __name__ == "__main__":
    unittest.main()
