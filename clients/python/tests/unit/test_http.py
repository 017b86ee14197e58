"""Retries, backoff, Retry-After, timeouts and Idempotency-Key reuse against a local http.server."""

import time
import unittest

from vgen import APIConnectionError, APITimeoutError, InvalidRequestError, RateLimitError, RetryPolicy, Vgen

from .fake_server import FakeServer, Reply, error_body, record, sse


def client(server: FakeServer, **kwargs) -> Vgen:
    return Vgen("vgk_test", base_url=server.url, **kwargs)


class RetryAfterTest(unittest.TestCase):
    def test_a_429_waits_the_retry_after_seconds_then_succeeds_with_the_same_idempotency_key(self):
        with FakeServer() as server:
            server.replies = [
                Reply(429, error_body("rate_limited"), {"retry-after": "1"}),
                Reply(202, record()),
            ]
            started = time.monotonic()
            created = client(server).generations.create(model="gen-3.1-fast", prompt="hi", stream=False)
            elapsed = time.monotonic() - started
        self.assertEqual(created.id, "vid_1")
        self.assertEqual(len(server.seen), 2)
        self.assertGreaterEqual(server.seen[1].at - server.seen[0].at, 1.0)
        self.assertGreaterEqual(elapsed, 1.0)
        self.assertLess(elapsed, 3.0)
        keys = [s.headers.get("idempotency-key") for s in server.seen]
        self.assertIsNotNone(keys[0])
        self.assertEqual(keys[0], keys[1])
        self.assertEqual(server.seen[0].body, server.seen[1].body)

    def test_a_503_and_an_in_progress_409_are_retried_honouring_retry_after(self):
        sleeps = []
        with FakeServer() as server:
            server.replies = [
                Reply(503, error_body("service_unavailable"), {"retry-after": "2"}),
                Reply(409, error_body("idempotency_request_in_progress"), {"retry-after": "1"}),
                Reply(200, record(status="canceled")),
            ]
            got = client(server, sleep=sleeps.append).generations.cancel("vid_1")
        self.assertEqual(got.status, "canceled")
        self.assertEqual(sleeps, [2.0, 1.0])
        self.assertEqual(len({s.headers["idempotency-key"] for s in server.seen}), 1)

    def test_when_retries_run_out_the_rate_limit_error_says_how_long_to_wait(self):
        with FakeServer() as server:
            server.replies = [Reply(429, error_body("rate_limited"), {"retry-after": "3"}) for _ in range(3)]
            sleeps = []
            with self.assertRaises(RateLimitError) as caught:
                client(server, sleep=sleeps.append, max_retries=2).models.list()
        self.assertEqual(len(server.seen), 3)
        self.assertEqual(sleeps, [3.0, 3.0])
        self.assertEqual(caught.exception.retry_after, 3.0)
        self.assertEqual(caught.exception.status, 429)

    def test_a_retry_after_beyond_the_cap_is_capped(self):
        self.assertEqual(RetryPolicy(max_retry_after=10).delay(0, 3600), 10)


class BackoffTest(unittest.TestCase):
    def test_without_retry_after_the_wait_doubles_with_jitter_up_to_the_cap(self):
        policy = RetryPolicy(max_retries=6, initial_delay=0.5, max_delay=4.0)
        for attempt, ceiling in enumerate([0.5, 1.0, 2.0, 4.0, 4.0]):
            delays = [policy.delay(attempt, None) for _ in range(200)]
            self.assertTrue(all(ceiling / 2 <= d <= ceiling for d in delays), (attempt, min(delays), max(delays)))
            self.assertGreater(len(set(delays)), 1, "jitter spreads the retries")

    def test_connection_errors_are_retried_with_backoff_and_the_same_key(self):
        sleeps = []
        with FakeServer() as server:
            server.replies = [Reply(drop=True), Reply(drop=True), Reply(202, record())]
            policy = RetryPolicy(max_retries=2, initial_delay=0.1, max_delay=1.0)
            created = client(server, retry=policy, sleep=sleeps.append).generations.create(
                model="gen-3.1-fast", prompt="hi"
            )
        self.assertEqual(created.id, "vid_1")
        self.assertEqual(len(server.seen), 3)
        self.assertTrue(0.05 <= sleeps[0] <= 0.1 and 0.1 <= sleeps[1] <= 0.2, sleeps)
        self.assertEqual(len({s.headers["idempotency-key"] for s in server.seen}), 1)

    def test_a_connection_that_keeps_failing_raises_a_connection_error(self):
        with FakeServer() as server:
            server.replies = [Reply(drop=True) for _ in range(2)]
            with self.assertRaises(APIConnectionError):
                client(server, max_retries=1, sleep=lambda s: None).models.list()
        self.assertEqual(len(server.seen), 2)

    def test_a_create_whose_answer_is_lost_every_time_raises_with_its_idempotency_key(self):
        with FakeServer() as server:
            server.replies = [Reply(drop=True) for _ in range(3)]
            with self.assertRaises(APIConnectionError) as raised:
                client(server, max_retries=2, sleep=lambda s: None).generations.create(model="m", prompt="p")
        keys = {s.headers["idempotency-key"] for s in server.seen}
        self.assertEqual((len(server.seen), len(keys)), (3, 1))
        self.assertEqual(raised.exception.idempotency_key, keys.pop())
        self.assertIsNone(raised.exception.generation_id)

    def test_create_and_wait_errors_carry_the_key_and_the_id_once_seen(self):
        with FakeServer() as server:
            # The stream breaks after the first record; every re-attach and poll then finds no answer.
            server.replies = [Reply(200, chunks=sse(record(progress=10)))] + [Reply(drop=True) for _ in range(20)]
            with self.assertRaises(APIConnectionError) as raised:
                client(server, max_retries=0, sleep=lambda s: None).generations.create_and_wait(
                    model="m", prompt="p", idempotency_key="order-7"
                )
        self.assertEqual((raised.exception.idempotency_key, raised.exception.generation_id), ("order-7", "vid_1"))

    def test_a_slow_answer_times_out_and_is_retried(self):
        with FakeServer() as server:
            empty = {"object": "list", "data": []}
            server.replies = [Reply(200, empty, delay=1.0), Reply(200, empty)]
            self.assertEqual(client(server, timeout=0.3, sleep=lambda s: None).models.list(), [])
            server.replies = [Reply(200, {}, delay=1.0), Reply(200, {}, delay=1.0)]
            with self.assertRaises(APITimeoutError):
                client(server, timeout=0.3, max_retries=1, sleep=lambda s: None).models.list()

    def test_a_client_error_is_not_retried(self):
        with FakeServer() as server:
            server.replies = [Reply(400, error_body("invalid_parameter", param="size"))]
            with self.assertRaises(InvalidRequestError):
                client(server, sleep=lambda s: None).generations.create(model="m", prompt="p", size="8k")
        self.assertEqual(len(server.seen), 1)


class IdempotencyKeyTest(unittest.TestCase):
    def test_each_post_gets_its_own_key_a_given_key_is_sent_as_is_and_reads_carry_none(self):
        with FakeServer() as server:
            server.replies = [Reply(202, record()) for _ in range(3)] + [Reply(200, {"data": []}), Reply(200, record())]
            c = client(server)
            c.generations.create(model="m", prompt="one")
            c.generations.create(model="m", prompt="two")
            c.generations.create(model="m", prompt="three", idempotency_key="order-42")
            list(c.generations.list())
            # The result endpoint is a read sent as POST: a key would replay a stale record on a retried poll.
            c.generations.get("vid_1")
        keys = [s.headers.get("idempotency-key") for s in server.seen]
        self.assertEqual(len({keys[0], keys[1]}), 2)
        self.assertEqual(keys[2], "order-42")
        self.assertEqual(keys[3:], [None, None])
        self.assertEqual(server.seen[0].headers["authorization"], "Bearer vgk_test")
        self.assertEqual(server.seen[0].json(), {"model": "m", "prompt": "one", "stream": False})


if __name__ == "__main__":
    unittest.main()
