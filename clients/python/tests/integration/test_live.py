"""The client against a running vgen server. Needs VGEN_TEST_BASE_URL, VGEN_TEST_API_KEY (an account
with balance and no generations yet) and VGEN_TEST_WEBHOOK_SECRET (that account's whsec_ secret);
the server must run with ALLOW_PRIVATE_NETWORK_FETCH=1 to call the local webhook receiver.
e2e/api/python-client.test.ts prepares all three and runs this module."""

import os
import queue
import subprocess
import sys
import tempfile
import threading
import unittest
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Tuple

import vgen

BASE_URL = os.environ.get("VGEN_TEST_BASE_URL")
API_KEY = os.environ.get("VGEN_TEST_API_KEY")
WEBHOOK_SECRET = os.environ.get("VGEN_TEST_WEBHOOK_SECRET")
MODEL = "gen-3.1-fast"


@unittest.skipUnless(BASE_URL and API_KEY and WEBHOOK_SECRET, "needs VGEN_TEST_BASE_URL, _API_KEY, _WEBHOOK_SECRET")
class LiveTest(unittest.TestCase):
    client: vgen.Vgen

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = vgen.Vgen(API_KEY, base_url=BASE_URL, timeout=30)

    def test_create_stream_then_download_a_real_mp4(self):
        created = self.client.generations.create(model=MODEL, prompt="A lighthouse at dusk", duration=2, stream=True)
        with created as stream:
            self.assertRegex(stream.request_id or "", r"^req_")
            events = list(stream)
        self.assertEqual([e.event for e in events], ["generation"] * len(events))
        # Each event's id names the state it shows: rising, 100 for the final one (docs/api.md#streams).
        ids = [int(e.id) for e in events]
        self.assertEqual(ids, sorted(set(ids)))
        self.assertEqual(ids[-1], 100)
        records = [e.generation for e in events]
        self.assertEqual(records[0].status, "processing")
        self.assertTrue(all(r.id == records[0].id for r in records))
        final = records[-1]
        self.assertEqual((final.status, final.progress, final.eta_seconds), ("completed", 100, 0))
        self.assertEqual(final.output[0].duration, 2)
        with tempfile.TemporaryDirectory() as tmp:
            saved = self.client.download(final, os.path.join(tmp, "clip.mp4"))
            with open(saved.path, "rb") as f:
                head = f.read(12)
            size = os.path.getsize(saved.path)
        self.assertEqual(head[4:8], b"ftyp")
        self.assertEqual(saved.bytes, size)
        self.assertGreater(size, 1000)

    def test_create_and_wait_reports_progress_and_ends_completed(self):
        seen = []
        final = self.client.generations.create_and_wait(
            model=MODEL, prompt="Waves on a pebble beach", duration=1, on_progress=seen.append, timeout=120
        )
        self.assertEqual(final.status, "completed")
        self.assertEqual(seen[-1].status, "completed")
        self.assertEqual([r.progress for r in seen], sorted(r.progress for r in seen))
        self.assertEqual(self.client.generations.get(final.id).video_url, final.video_url)
        polled = self.client.generations.create_and_wait(
            model=MODEL, prompt="Polled", duration=1, mode="poll", timeout=120
        )
        self.assertEqual((polled.status, polled.progress), ("completed", 100))

    def test_the_same_idempotency_key_never_creates_twice(self):
        key = f"py-{uuid.uuid4().hex}"
        first = self.client.generations.create(model=MODEL, prompt="Idempotent fox", duration=1, idempotency_key=key)
        again = self.client.generations.create(model=MODEL, prompt="Idempotent fox", duration=1, idempotency_key=key)
        self.assertEqual(first.id, again.id)
        with self.assertRaises(vgen.IdempotencyKeyReusedError) as caught:
            self.client.generations.create(model=MODEL, prompt="A different fox", duration=1, idempotency_key=key)
        self.assertEqual(caught.exception.status, 409)

    def test_list_walks_every_page_newest_first(self):
        made = [self.client.generations.create(model=MODEL, prompt=f"page item {i}", duration=1).id for i in range(3)]
        first = self.client.generations.list_page(limit=2)
        self.assertEqual((len(first.data), first.has_more), (2, True))
        self.assertEqual(self.client.generations.list_page(limit=2, cursor=first.next_cursor).data[0].id, made[0])
        pages = list(self.client.generations.list(limit=2).pages())
        self.assertGreaterEqual(len(pages), 2)
        self.assertTrue(all(len(p.data) <= 2 for p in pages))
        self.assertFalse(pages[-1].has_more)
        ids = [g.id for g in self.client.generations.list(limit=2)]
        self.assertEqual(len(ids), len(set(ids)), "no row repeats across pages")
        self.assertEqual([i for i in ids if i in made], list(reversed(made)))
        self.assertEqual(ids, [g.id for p in pages for g in p.data])

    def test_cancel_then_a_second_cancel_is_a_typed_conflict(self):
        created = self.client.generations.create(model="gen-3.1-pro", prompt="cancel me", duration=8, size="1080p")
        canceled = self.client.generations.cancel(created.id)
        self.assertEqual((canceled.status, canceled.eta_seconds), ("canceled", 0))
        with self.assertRaises(vgen.GenerationNotCancelableError) as caught:
            self.client.generations.cancel(created.id)
        self.assertEqual(caught.exception.code, "generation_not_cancelable")

    def test_prefer_wait_returns_the_finished_record_and_a_deadline_cancels_with_its_reason(self):
        done = self.client.generations.create(model=MODEL, prompt="Held answer", duration=1, wait=60)
        self.assertEqual((done.status, done.progress), ("completed", 100))
        # An 8 s 4k clip takes the local renderer far longer than 5 s.
        late = self.client.generations.create(
            model="gen-3.1-pro", prompt="Too slow", duration=8, size="4k", cancel_after=5, wait=40
        )
        self.assertEqual(late.status, "canceled")
        self.assertEqual(late.error.code if late.error else None, "deadline_exceeded")
        with self.assertRaises(vgen.InvalidRequestError) as caught:
            self.client.generations.create(model=MODEL, prompt="x", duration=1, deadline="2020-01-01T00:00:00Z")
        self.assertEqual(caught.exception.param, "deadline")

    def test_errors_carry_code_param_request_id_and_doc_url(self):
        with self.assertRaises(vgen.NotFoundError) as caught:
            self.client.generations.get("vid_doesnotexist")
        err = caught.exception
        self.assertEqual((err.status, err.code), (404, "generation_not_found"))
        self.assertRegex(err.request_id or "", r"^req_")
        self.assertTrue((err.doc_url or "").endswith("/errors#generation_not_found"), err.doc_url)
        with self.assertRaises(vgen.InvalidRequestError) as caught:
            self.client.generations.create(model=MODEL, prompt="x", urls=["https://a.test/1.png"] * 4)
        self.assertEqual((caught.exception.code, caught.exception.param), ("too_many_urls", "urls"))
        with self.assertRaises(vgen.AuthenticationError) as auth:
            vgen.Vgen("vgk_" + "0" * 40, base_url=BASE_URL).models.list()
        self.assertEqual(auth.exception.code, "invalid_api_key")

    def test_the_cli_generates_a_clip_and_exits_by_outcome(self):
        env = {**os.environ, "VGEN_API_KEY": API_KEY or "", "VGEN_BASE_URL": BASE_URL or ""}
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "clip.mp4")
            done = subprocess.run(
                [sys.executable, "-m", "vgen", "generate", "A kite", "--model", MODEL, "--duration", "1", "--out", out],
                env=env,
                capture_output=True,
                text=True,
                timeout=180,
            )
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(out, "rb") as f:
                self.assertEqual(f.read(8)[4:], b"ftyp")
        self.assertRegex(done.stderr, r"vid_\S+ processing \d+% eta \d+s")
        self.assertEqual(done.stdout.strip(), out)
        status = [sys.executable, "-m", "vgen", "status", "vid_nope"]
        missing = subprocess.run(status, env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(missing.returncode, 4)
        self.assertIn("generation_not_found", missing.stderr)

    def test_models_lists_the_catalog(self):
        models = {m.id: m for m in self.client.models.list()}
        self.assertIn(MODEL, models)
        self.assertIn("720p", models[MODEL].sizes)
        self.assertGreaterEqual(models[MODEL].duration.max, 2)

    def test_a_real_webhook_verifies_and_a_tampered_copy_does_not(self):
        received: "queue.Queue[Tuple[bytes, Dict[str, str]]]" = queue.Queue()

        class Receiver(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                received.put((body, {k.lower(): v for k, v in self.headers.items()}))
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

        server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            hook = f"http://127.0.0.1:{server.server_address[1]}/vgen-hook"
            created = self.client.generations.create(model=MODEL, prompt="Callback heron", duration=1, web_hook=hook)
            body, headers = received.get(timeout=90)
        finally:
            server.shutdown()
            server.server_close()
        event = vgen.webhooks.verify(body, headers, WEBHOOK_SECRET or "")
        self.assertEqual(event["type"], "generation.completed")
        self.assertEqual(event["data"]["id"], created.id)
        self.assertEqual(event["data"], self.client.generations.get(created.id).raw)
        with self.assertRaises(vgen.WebhookVerificationError):
            vgen.webhooks.verify(body.replace(b"completed", b"failed"), headers, WEBHOOK_SECRET or "")
        with self.assertRaises(vgen.WebhookVerificationError):
            vgen.webhooks.verify(body, headers, WEBHOOK_SECRET or "", now=int(headers["webhook-timestamp"]) + 301)


if __name__ == "__main__":
    unittest.main()
