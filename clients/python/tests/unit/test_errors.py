"""Error answers become exception classes carrying the envelope's fields (docs/api.md#errors)."""

import json
import os
import unittest
from unittest import mock

import vgen
from vgen._errors import error_from_response

from .fake_server import FakeServer, Reply, error_body

CASES = [
    (400, "too_many_urls", vgen.InvalidRequestError),
    (401, "invalid_api_key", vgen.AuthenticationError),
    (402, "insufficient_balance", vgen.InsufficientBalanceError),
    (403, "spend_limit_reached", vgen.PermissionDeniedError),
    (404, "generation_not_found", vgen.NotFoundError),
    (410, "output_expired", vgen.OutputExpiredError),
    (409, "generation_not_cancelable", vgen.GenerationNotCancelableError),
    (409, "idempotency_key_reused", vgen.IdempotencyKeyReusedError),
    (413, "payload_too_large", vgen.InvalidRequestError),
    (415, "unsupported_media_type", vgen.InvalidRequestError),
    (429, "rate_limited", vgen.RateLimitError),
    (500, "internal_error", vgen.InternalServerError),
    (502, "bad_gateway_from_a_proxy", vgen.ServiceUnavailableError),
    (504, "gateway_timeout_from_a_proxy", vgen.ServiceUnavailableError),
    (503, "service_unavailable", vgen.ServiceUnavailableError),
]


class ErrorMappingTest(unittest.TestCase):
    def test_every_status_and_code_maps_to_its_class_with_all_fields(self):
        for status, code, cls in CASES:
            with self.subTest(code=code):
                err = error_from_response(
                    status, {"x-request-id": "req_header"}, json.dumps(error_body(code, "why", "urls")).encode()
                )
                self.assertIsInstance(err, cls)
                self.assertIsInstance(err, vgen.APIStatusError)
                self.assertIsInstance(err, vgen.VgenError)
                self.assertEqual(
                    (err.status, err.code, err.message, err.param, err.request_id, err.doc_url),
                    (status, code, "why", "urls", "req_from_body", f"http://api.test/errors#{code}"),
                )
                self.assertIn(code, str(err))

    def test_a_body_that_is_not_the_envelope_still_gives_status_class_and_request_id(self):
        err = error_from_response(502, {"x-request-id": "req_proxy"}, b"<html>Bad gateway</html>")
        self.assertIsInstance(err, vgen.ServiceUnavailableError)
        self.assertEqual((err.status, err.code, err.request_id), (502, None, "req_proxy"))
        self.assertIn("Bad gateway", err.message)

    def test_an_error_answer_over_http_raises_the_mapped_exception(self):
        with FakeServer() as server:
            server.replies = [Reply(404, error_body("generation_not_found", "No generation with this id.", "id"))]
            with self.assertRaises(vgen.NotFoundError) as caught:
                vgen.Vgen("vgk_x", base_url=server.url).generations.get("vid_missing")
        self.assertEqual(caught.exception.param, "id")
        self.assertEqual(server.seen[0].json(), {"id": "vid_missing"})
        self.assertEqual(server.seen[0].path, "/api/v1/videos/result")

    def test_retry_after_is_read_from_the_answer_as_seconds_or_a_date(self):
        err = error_from_response(429, {"retry-after": "7"}, json.dumps(error_body("rate_limited")).encode())
        self.assertEqual(err.retry_after, 7.0)
        later = error_from_response(503, {"retry-after": "Wed, 21 Oct 2099 07:28:00 GMT"}, b"{}")
        self.assertGreater(later.retry_after or 0, 86400)
        self.assertIsNone(error_from_response(400, {}, b"{}").retry_after)

    def test_no_key_anywhere_is_refused_before_any_request(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaises(vgen.AuthenticationError) as caught:
                vgen.Vgen()
            self.assertEqual(caught.exception.code, "missing_api_key")
            os.environ["VGEN_API_KEY"] = "vgk_env"
            os.environ["VGEN_BASE_URL"] = "http://api.test/"
            c = vgen.Vgen()
        self.assertEqual(c.base_url, "http://api.test")


if __name__ == "__main__":
    unittest.main()
