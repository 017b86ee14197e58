"""The generations resource, download and CLI against a scripted local server."""

import io
import json
import os
import tempfile
import unittest
from datetime import datetime, timedelta, timezone
from contextlib import redirect_stderr, redirect_stdout
from urllib.parse import parse_qs, urlsplit

import vgen
from vgen.cli import main as cli_main

from .fake_server import FakeServer, Reply, error_body, record, sse

MP4 = b"\x00\x00\x00\x18ftypisom" + bytes(range(256)) * 40


class ListTest(unittest.TestCase):
    def test_iteration_follows_next_cursor_across_pages(self):
        pages = {
            None: {"data": [record("vid_3"), record("vid_2")], "has_more": True, "next_cursor": "c1"},
            "c1": {"data": [record("vid_1")], "has_more": False, "next_cursor": None},
        }

        def route(seen):
            query = parse_qs(urlsplit(seen.path).query)
            self.assertEqual(query["limit"], ["2"])
            return Reply(200, {"object": "list", **pages[query.get("cursor", [None])[0]]})

        with FakeServer(route) as server:
            ids = [g.id for g in vgen.Vgen("k", base_url=server.url).generations.list(limit=2)]
        self.assertEqual(ids, ["vid_3", "vid_2", "vid_1"])
        self.assertEqual(len(server.seen), 2)


class OutputTest(unittest.TestCase):
    def test_a_completed_record_has_its_video_and_poster_frame(self):
        done = vgen.Generation.from_dict(record("vid_9", status="completed", progress=100))
        self.assertEqual(done.output[0].url, "/cdn/vid_9.mp4")
        self.assertEqual(done.output[0].poster_url, "/cdn/vid_9.jpg")
        self.assertEqual(done.output[0].expires_at, "2026-12-23T09:00:10Z")
        self.assertFalse(done.output[0].expired)

    def test_an_expired_output_says_so(self):
        gone = record("vid_9", status="completed", progress=100)
        gone["output"][0]["expired"] = True
        self.assertTrue(vgen.Generation.from_dict(gone).output[0].expired)

    def test_retention_days_is_sent_as_is(self):
        with FakeServer() as server:
            server.replies = [Reply(202, record())]
            vgen.Vgen("k", base_url=server.url).generations.create(model="m", prompt="p", retention_days=7)
        self.assertEqual(server.seen[0].json()["retention_days"], 7)

    def test_seed_negative_prompt_and_audio_are_sent_camel_case_and_read_back(self):
        answer = record()
        answer.update(seed=4294967295, negative_prompt="fog", generate_audio=True)
        with FakeServer() as server:
            server.replies = [Reply(202, answer)]
            got = vgen.Vgen("k", base_url=server.url).generations.create(
                model="m", prompt="p", seed=4294967295, negative_prompt="fog", generate_audio=False
            )
        sent = server.seen[0].json()
        self.assertEqual((sent["seed"], sent["negativePrompt"], sent["generateAudio"]), (4294967295, "fog", False))
        self.assertEqual((got.seed, got.negative_prompt, got.generate_audio), (4294967295, "fog", True))

    def test_n_is_sent_and_read_back_with_one_output_per_clip(self):
        answer = record()
        answer.update(n=2)
        with FakeServer() as server:
            server.replies = [Reply(202, answer)]
            got = vgen.Vgen("k", base_url=server.url).generations.create(model="m", prompt="p", n=2)
        self.assertEqual(server.seen[0].json()["n"], 2)
        self.assertEqual(got.n, 2)

    def test_fields_left_out_are_not_sent(self):
        with FakeServer() as server:
            server.replies = [Reply(202, record())]
            vgen.Vgen("k", base_url=server.url).generations.create(model="m", prompt="p")
        self.assertFalse({"seed", "negativePrompt", "generateAudio", "n"} & set(server.seen[0].json()))

    def test_a_quote_sends_the_body_a_create_with_the_same_arguments_sends(self):
        args = dict(
            model="m", prompt="p", duration=3, urls=["https://x.test/a.png"], seed=7, negative_prompt="fog", generate_audio=True
        )
        with FakeServer() as server:
            server.replies = [Reply(200, {"quote_id": "quo_1", "cost": "$0.450"}), Reply(202, record())]
            client = vgen.Vgen("k", base_url=server.url)
            self.assertEqual(client.generations.quote(**args).quote_id, "quo_1")
            client.generations.create(**args)
        quoted, created = server.seen[0].json(), server.seen[1].json()
        self.assertEqual(created.pop("stream"), False)
        self.assertEqual(quoted, created)
        self.assertEqual((quoted["seed"], quoted["negativePrompt"], quoted["generateAudio"]), (7, "fog", True))

    def test_an_extension_sends_extend_from_and_concat_joins_the_chain(self):
        with FakeServer() as server:
            joined = record("vid_join", status="completed", progress=100, concat_of=["vid_1", "vid_2"], cost="$0.000")
            server.replies = [Reply(202, record("vid_2", extended_from="vid_1")), Reply(200, joined)]
            client = vgen.Vgen("k", base_url=server.url)
            extension = client.generations.create(model="m", prompt="on", extend_from="vid_1")
            self.assertEqual(extension.extended_from, "vid_1")
            self.assertEqual(server.seen[0].json()["extendFrom"], "vid_1")
            self.assertEqual(client.generations.concat("vid_2").concat_of, ["vid_1", "vid_2"])
        self.assertEqual(server.seen[1].path, "/api/v1/videos/concat")
        self.assertEqual(server.seen[1].json(), {"id": "vid_2"})
        self.assertIn("idempotency-key", server.seen[1].headers)

    def test_an_output_says_whether_it_has_sound(self):
        done = record("vid_9", status="completed", progress=100)
        self.assertFalse(vgen.Generation.from_dict(done).output[0].has_audio)
        done["output"][0]["has_audio"] = True
        self.assertTrue(vgen.Generation.from_dict(done).output[0].has_audio)

    def test_an_output_without_a_poster_frame_has_none(self):
        bare = record("vid_9", status="completed", progress=100)
        bare["output"][0]["poster_url"] = None
        self.assertIsNone(vgen.Generation.from_dict(bare).output[0].poster_url)


class CreateOptionsTest(unittest.TestCase):
    def test_wait_cancel_after_and_deadline_go_as_prefer_cancel_after_and_a_utc_deadline(self):
        with FakeServer() as server:
            server.replies = [Reply(200, record(status="completed")), Reply(202, record())]
            c = vgen.Vgen("k", base_url=server.url)
            moscow = timezone(timedelta(hours=3))
            at = datetime(2026, 11, 23, 13, 5, tzinfo=moscow)
            done = c.generations.create(model="m", prompt="p", wait=30, cancel_after="90s", deadline=at)
            c.generations.create(model="m", prompt="p", cancel_after=120, deadline="2026-11-23T10:05:00+01:00")
        self.assertEqual(done.status, "completed")
        first, second = server.seen
        self.assertEqual((first.headers["prefer"], first.headers["cancel-after"]), ("wait=30", "90s"))
        self.assertEqual(first.json()["deadline"], "2026-11-23T10:05:00Z")
        self.assertNotIn("prefer", second.headers)
        self.assertEqual(second.headers["cancel-after"], "120")
        self.assertEqual(second.json()["deadline"], "2026-11-23T10:05:00+01:00")

    def test_options_that_cannot_apply_are_refused_before_any_request(self):
        c = vgen.Vgen("k", base_url="http://127.0.0.1:9")
        with self.assertRaisesRegex(ValueError, "timezone-aware"):
            c.generations.create(model="m", prompt="p", deadline=datetime(2026, 11, 23, 10, 5))
        with self.assertRaisesRegex(ValueError, "stream"):
            c.generations.create(model="m", prompt="p", wait=10, stream=True)  # type: ignore[call-overload]
        with self.assertRaisesRegex(ValueError, "callback"):
            c.generations.create(model="m", prompt="p", web_hook="https://h.test/", stream=True)  # type: ignore


class StreamTest(unittest.TestCase):
    def test_create_with_stream_yields_events_until_the_terminal_record(self):
        with FakeServer() as server:
            chunks = sse(record(progress=0), record(progress=50), record(status="completed", progress=100))
            headers = {"content-type": "text/event-stream"}
            server.replies = [Reply(200, chunks=[b": open\n\n"] + chunks, headers=headers)]
            with vgen.Vgen("k", base_url=server.url).generations.create(model="m", prompt="p", stream=True) as stream:
                records = [e.generation for e in stream]
        self.assertEqual([r.progress for r in records], [0, 50, 100])
        self.assertEqual(server.seen[0].headers["accept"], "text/event-stream")
        self.assertTrue(server.seen[0].json()["stream"])

    def test_create_and_wait_reattaches_when_the_stream_breaks(self):
        def route(seen):
            if seen.path == "/api/v1/videos/generations":
                # The create's stream ends after one processing event.
                return Reply(200, chunks=sse(record(progress=10)), headers={"content-type": "text/event-stream"})
            if seen.path == "/api/v1/videos/generations/vid_1/events":
                return Reply(200, chunks=sse(record(progress=60), record(status="completed", progress=100)))
            return None

        seen_progress = []
        with FakeServer(route) as server:
            final = vgen.Vgen("k", base_url=server.url).generations.create_and_wait(
                model="m", prompt="p", on_progress=lambda r: seen_progress.append(r.progress)
            )
        self.assertEqual(final.status, "completed")
        self.assertEqual(seen_progress, [10, 60, 100])

    def test_a_stream_broken_before_its_first_record_recreates_with_the_same_key(self):
        with FakeServer() as server:
            server.replies = [
                Reply(200, chunks=[b": open\n\n"]),
                Reply(200, chunks=sse(record(progress=30), record(status="completed", progress=100))),
            ]
            final = vgen.Vgen("k", base_url=server.url).generations.create_and_wait(model="m", prompt="p")
        self.assertEqual(final.status, "completed")
        self.assertEqual([s.path for s in server.seen], ["/api/v1/videos/generations"] * 2)
        self.assertEqual(server.seen[0].headers["idempotency-key"], server.seen[1].headers["idempotency-key"])

    def test_failed_and_canceled_generations_are_returned_as_terminal_records(self):
        failed = record(status="failed", error={"code": "render_failed", "message": "broke"})
        with FakeServer() as server:
            server.replies = [
                Reply(200, chunks=sse(record(), failed)),
                Reply(200, chunks=sse(record(status="canceled"))),
            ]
            c = vgen.Vgen("k", base_url=server.url)
            got = c.generations.create_and_wait(model="m", prompt="p")
            self.assertEqual((got.status, got.error), ("failed", vgen.GenerationFailure("render_failed", "broke")))
            self.assertEqual(c.generations.create_and_wait(model="m", prompt="p").status, "canceled")

    def test_poll_mode_creates_without_a_stream_and_polls_the_result(self):
        sleeps = []
        with FakeServer() as server:
            server.replies = [
                Reply(202, record()),
                Reply(200, record(progress=50)),
                Reply(200, record(status="completed", progress=100)),
            ]
            c = vgen.Vgen("k", base_url=server.url, sleep=sleeps.append)
            seen = []
            final = c.generations.create_and_wait(
                model="m", prompt="p", mode="poll", poll_interval=0.25, on_progress=lambda r: seen.append(r.progress)
            )
        self.assertEqual(final.status, "completed")
        self.assertEqual(seen, [0, 50, 100])
        self.assertEqual(sleeps, [0.25, 0.25])
        self.assertFalse(server.seen[0].json()["stream"])
        self.assertEqual([s.path for s in server.seen[1:]], ["/api/v1/videos/result"] * 2)

    def test_a_wait_past_its_timeout_raises_and_leaves_the_generation_alone(self):
        with FakeServer() as server:
            server.route = lambda seen: Reply(200, record(progress=10))
            c = vgen.Vgen("k", base_url=server.url, sleep=lambda s: None)
            with self.assertRaises(vgen.WaitTimeoutError):
                c.generations.create_and_wait(model="m", prompt="p", mode="poll", timeout=0.2)


class DownloadTest(unittest.TestCase):
    def test_streams_the_output_to_a_file_without_sending_the_key(self):
        def route(seen):
            return Reply(200, MP4, {"content-type": "video/mp4"}) if seen.path == "/cdn/vid_1.mp4" else None

        with FakeServer(route) as server, tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "clip.mp4")
            done = record(status="completed")
            done["output"][0]["url"] = server.url + "/cdn/vid_1.mp4"
            progress = []
            saved = vgen.Vgen("k", base_url=server.url).download(
                vgen.Generation.from_dict(done), target, on_progress=lambda n, t: progress.append((n, t))
            )
            self.assertEqual(saved, vgen.DownloadResult(target, len(MP4)))
            with open(target, "rb") as f:
                self.assertEqual(f.read(), MP4)
            self.assertEqual(os.listdir(tmp), ["clip.mp4"])
        self.assertEqual(progress[-1], (len(MP4), len(MP4)))
        self.assertNotIn("authorization", server.seen[0].headers)

    def test_a_short_body_leaves_no_file(self):
        with FakeServer() as server, tempfile.TemporaryDirectory() as tmp:
            server.replies = [Reply(200, chunks=[MP4[:100]], headers={"content-length": str(len(MP4))})]
            with self.assertRaises(vgen.VgenError):
                vgen.Vgen("k", base_url=server.url).download(server.url + "/cdn/x.mp4", os.path.join(tmp, "x.mp4"))
            self.assertEqual(os.listdir(tmp), [])

    def test_a_record_without_output_is_refused(self):
        with self.assertRaisesRegex(vgen.VgenError, "no output"):
            vgen.Vgen("k", base_url="http://127.0.0.1:9").download(record(), "x.mp4")


class CliTest(unittest.TestCase):
    def run_cli(self, server, *argv):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = cli_main(["--base-url", server.url, "--api-key", "k", *argv])
        return code, out.getvalue(), err.getvalue()

    def test_generate_prints_progress_downloads_and_exits_0(self):
        def route(seen):
            if seen.path == "/cdn/vid_1.mp4":
                return Reply(200, MP4)
            done = record(status="completed", progress=100)
            done["output"][0]["url"] = f"http://{seen.headers['host']}/cdn/vid_1.mp4"
            return Reply(200, chunks=sse(record(progress=0), record(progress=40), done))

        with FakeServer(route) as server, tempfile.TemporaryDirectory() as tmp:
            out_file = os.path.join(tmp, "clip.mp4")
            argv = ["generate", "a cat", "--model", "m", "--duration", "2", "--url", "https://a.test/1.png"]
            argv += ["--out", out_file]
            code, out, err = self.run_cli(server, *argv)
            self.assertEqual(code, 0, err)
            with open(out_file, "rb") as f:
                self.assertEqual(f.read(8)[4:], b"ftyp")
        self.assertIn("vid_1 processing 40%", err)
        self.assertIn(f"saved {out_file} ({len(MP4)} bytes)", err)
        self.assertEqual(out.strip(), out_file)
        body = server.seen[0].json()
        self.assertEqual((body["duration"], body["urls"]), (2, ["https://a.test/1.png"]))

    def test_quote_prints_cost_seconds_eta_and_id_and_generate_creates_with_it(self):
        quoted = {
            "quote_id": "quo_7",
            "model": "m",
            "price": "$0.150 / сек",
            "billed_seconds": 4,
            "cost": "$0.600",
            "eta_seconds": 42,
            "expires_at": "2026-11-23T09:10:00Z",
            "livemode": True,
        }
        with FakeServer() as server:
            server.replies = [Reply(200, quoted)]
            code, out, err = self.run_cli(server, "quote", "a cat", "--model", "m", "--duration", "4", "--audio")
            self.assertEqual(code, 0, err)
            self.assertEqual(server.seen[0].path, "/api/v1/videos/quote")
            self.assertEqual(server.seen[0].json(), {"model": "m", "prompt": "a cat", "duration": 4, "generateAudio": True})
            self.assertIn("quote_id   quo_7", out)
            self.assertIn("cost       $0.600 (4s x $0.150 / сек)", out)
            self.assertIn("eta        42s", out)
            self.assertIn("expires    2026-11-23T09:10:00Z", out)
            server.replies = [Reply(200, quoted)]
            code, out, _ = self.run_cli(server, "quote", "a cat", "--model", "m", "--json")
            self.assertEqual((code, json.loads(out)["quote_id"]), (0, "quo_7"))
            server.replies = [Reply(200, chunks=sse(record(status="canceled")))]
            code, _, _ = self.run_cli(server, "create", "a cat", "--model", "m", "--audio", "--quote-id", "quo_7")
            self.assertEqual(code, 6)
            self.assertEqual(server.seen[-1].json()["quoteId"], "quo_7")

    def test_progress_shows_the_queue_position_as_the_generation_moves_up(self):
        def route(seen):
            if seen.path == "/cdn/vid_1.mp4":
                return Reply(200, MP4)
            done = record(status="completed", progress=100)
            done["output"][0]["url"] = f"http://{seen.headers['host']}/cdn/vid_1.mp4"
            waiting = record(progress=0, queue_position=3, eta_seconds=30)
            moved = [f"event: queue\ndata: {json.dumps({'queue_position': p, 'eta_seconds': e})}\n\n".encode()
                     for p, e in ((2, 20), (1, 10))]
            started = record(progress=10, queue_position=None)
            first, rest = sse(waiting), sse(started, done)
            return Reply(200, chunks=first + moved + rest)

        with FakeServer(route) as server, tempfile.TemporaryDirectory() as tmp:
            argv = ["generate", "a cat", "--model", "m", "--out", os.path.join(tmp, "clip.mp4")]
            code, _, err = self.run_cli(server, *argv)
        self.assertEqual(code, 0, err)
        lines = [line for line in err.splitlines() if line.startswith("vid_1 processing")]
        self.assertEqual(
            lines,
            [
                "vid_1 processing 0% eta 30s 3rd in queue",
                "vid_1 processing 0% eta 20s 2nd in queue",
                "vid_1 processing 0% eta 10s 1st in queue",
                "vid_1 processing 10% eta 5s",
            ],
        )

    def test_exit_codes_follow_the_outcome(self):
        failed = record(status="failed", error={"code": "timeout", "message": "slow"})
        with FakeServer() as server:
            server.replies = [Reply(200, chunks=sse(failed))]
            code, _, err = self.run_cli(server, "generate", "p", "--model", "m")
            self.assertEqual(code, 5)
            self.assertIn("vid_1 failed: timeout: slow", err)
            server.replies = [Reply(200, chunks=sse(record(status="canceled")))]
            self.assertEqual(self.run_cli(server, "generate", "p", "--model", "m")[0], 6)
            server.replies = [Reply(400, error_body("too_many_urls", param="urls"))]
            self.assertEqual(self.run_cli(server, "generate", "p", "--model", "m")[0], 2)
            server.replies = [Reply(401, {"error": {"code": "invalid_api_key", "message": "unknown key"}})]
            self.assertEqual(self.run_cli(server, "models")[0], 3)
            server.replies = [Reply(402, {"error": {"code": "insufficient_balance", "message": "top up"}})]
            code, _, err = self.run_cli(server, "generate", "p", "--model", "m")
            self.assertEqual(code, 4)
            self.assertIn("insufficient_balance", err)
            server.replies = [Reply(503, {"error": {"code": "service_unavailable", "message": "x"}}) for _ in range(3)]
            self.assertEqual(self.run_cli(server, "models")[0], 4)
            server.replies = [Reply(200, record(status="canceled"))]
            code, out, _ = self.run_cli(server, "status", "vid_1", "--json")
            self.assertEqual((code, json.loads(out)["status"]), (0, "canceled"))
            server.replies = [Reply(200, record(status="failed", error={"code": "timeout", "message": "slow"}))]
            code, out, _ = self.run_cli(server, "status", "vid_1")
            self.assertEqual(code, 0)
            self.assertIn("error      timeout: slow", out)
        with redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as usage:
            cli_main(["generate", "p"])
        self.assertEqual(usage.exception.code, 2)

    def test_get_list_and_cancel(self):
        with FakeServer() as server:
            server.replies = [Reply(200, record(status="completed", progress=100))]
            code, out, _ = self.run_cli(server, "get", "vid_1")
            self.assertEqual(code, 0)
            self.assertIn("status     completed", out)
            self.assertEqual(server.seen[-1].json(), {"id": "vid_1"})
            page1 = {"object": "list", "data": [record("vid_3"), record("vid_2")], "has_more": True, "next_cursor": "c1"}
            page2 = {"object": "list", "data": [record("vid_1")], "has_more": False, "next_cursor": None}
            server.replies = [Reply(200, page1), Reply(200, page2)]
            code, out, _ = self.run_cli(server, "list", "--limit", "3", "--json")
            self.assertEqual((code, [r["id"] for r in json.loads(out)]), (0, ["vid_3", "vid_2", "vid_1"]))
            self.assertEqual(server.seen[-1].path, "/api/v1/videos/generations?limit=3&cursor=c1")
            server.replies = [Reply(200, page1)]
            code, out, _ = self.run_cli(server, "list", "--limit", "1")
            self.assertEqual((code, [line.split()[0] for line in out.splitlines()]), (0, ["vid_3"]))
            server.replies = [Reply(200, record(status="canceled"))]
            code, out, _ = self.run_cli(server, "cancel", "vid_1", "--json")
            self.assertEqual((code, json.loads(out)["status"]), (0, "canceled"))
            self.assertIn("idempotency-key", server.seen[-1].headers)
            server.replies = [Reply(409, {"error": {"code": "generation_not_cancelable", "message": "done"}})]
            self.assertEqual(self.run_cli(server, "cancel", "vid_1")[0], 4)
            server.replies = [Reply(200, record("vid_9", status="completed", concat_of=["vid_1", "vid_2"]))]
            code, out, _ = self.run_cli(server, "concat", "vid_2", "--json")
            self.assertEqual((code, json.loads(out)["concat_of"]), (0, ["vid_1", "vid_2"]))
            self.assertEqual((server.seen[-1].path, server.seen[-1].json()), ("/api/v1/videos/concat", {"id": "vid_2"}))

    def test_download_follows_a_running_generation_then_saves_it(self):
        def route(seen):
            if seen.path == "/cdn/vid_1.mp4":
                return Reply(200, MP4)
            return None

        with FakeServer(route) as server, tempfile.TemporaryDirectory() as tmp:
            server.replies = [Reply(200, record(progress=20)), Reply(200, chunks=sse(record(progress=60), record(status="completed")))]
            target = os.path.join(tmp, "v.mp4")
            code, out, err = self.run_cli(server, "download", "vid_1", "--out", target)
            self.assertEqual(code, 0, err)
            self.assertEqual(out.strip(), target)
            with open(target, "rb") as f:
                self.assertEqual(f.read(), MP4)
            self.assertEqual(server.seen[1].path, "/api/v1/videos/generations/vid_1/events")
            server.replies = [Reply(200, record(status="failed", error={"code": "render_failed", "message": "x"}))]
            self.assertEqual(self.run_cli(server, "download", "vid_1", "--out", target)[0], 5)

    def test_models_prints_an_aligned_table(self):
        model = {
            "id": "gen-3.1-fast",
            "price_per_second": "$0.150",
            "min_charge_seconds": 4,
            "duration": {"min": 1, "max": 8, "default": 8},
            "sizes": ["720p", "1080p"],
            "queue": "Fast/Standard",
        }
        with FakeServer() as server:
            server.replies = [Reply(200, {"object": "list", "data": [model, {**model, "id": "gen-3-1080"}]})]
            code, out, _ = self.run_cli(server, "models")
        self.assertEqual(code, 0)
        self.assertEqual(
            out.splitlines(),
            [
                "gen-3.1-fast  $0.150  min 4s  1-8s  720p,1080p  Fast/Standard",
                "gen-3-1080    $0.150  min 4s  1-8s  720p,1080p  Fast/Standard",
            ],
        )

if __name__ == "__main__":
    unittest.main()
