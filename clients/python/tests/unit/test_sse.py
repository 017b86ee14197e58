import json
import unittest

from vgen._sse import parse_sse


def split_every(data: bytes, n: int):
    return [data[i : i + n] for i in range(0, len(data), n)]


class SseParsingTest(unittest.TestCase):
    def test_a_generation_event_carries_name_id_and_the_record(self):
        record = {"id": "vid_1", "status": "processing"}
        raw = f"id: 7\nevent: generation\ndata: {json.dumps(record)}\n\n".encode()
        [event] = list(parse_sse([raw]))
        self.assertEqual((event.event, event.id), ("generation", "7"))
        self.assertEqual(event.json(), record)
        self.assertEqual(event.generation.id, "vid_1")

    def test_multi_line_data_joins_with_newlines(self):
        raw = b"data: first\ndata: second\ndata:\ndata:  indented\n\n"
        [event] = list(parse_sse([raw]))
        self.assertEqual(event.data, "first\nsecond\n\n indented")
        self.assertEqual(event.event, "message")

    def test_comments_are_skipped_and_do_not_dispatch(self):
        raw = b": keep-alive\n\n:another\ndata: a\n: in the middle\ndata: b\n\n: trailing\n\n"
        self.assertEqual([e.data for e in parse_sse([raw])], ["a\nb"])

    def test_any_chunking_gives_the_same_events(self):
        raw = (
            "\ufeffevent: generation\r\nid: 1\r\ndata: {\"prompt\": \"caf\u00e9 \u2603\"}\r\n\r\n"
            ": ping\r\rdata: x\rdata: y\r\r"
            "event: generation\ndata: last\n\n"
        ).encode("utf-8")
        whole = [(e.event, e.id, e.data) for e in parse_sse([raw])]
        self.assertEqual(
            whole,
            [
                ("generation", "1", '{"prompt": "caf\u00e9 \u2603"}'),
                ("message", "1", "x\ny"),
                ("generation", "1", "last"),
            ],
        )
        for size in (1, 2, 3, 5, 7, 64):
            with self.subTest(chunk_size=size):
                self.assertEqual([(e.event, e.id, e.data) for e in parse_sse(split_every(raw, size))], whole)

    def test_an_event_without_its_blank_line_is_not_dispatched(self):
        self.assertEqual([e.data for e in parse_sse([b"data: done\n\ndata: cut off"])], ["done"])

    def test_field_rules_no_space_no_colon_retry_and_unknown_fields(self):
        raw = b"data:tight\nretry: 3000\nretry: soon\nunknown: x\ndata\n\n"
        [event] = list(parse_sse([raw]))
        self.assertEqual(event.data, "tight\n")
        self.assertEqual(event.retry, 3000)

    def test_event_name_resets_between_events_but_id_persists(self):
        raw = b"event: generation\nid: 4\ndata: a\n\ndata: b\n\n"
        events = list(parse_sse([raw]))
        self.assertEqual([(e.event, e.id) for e in events], [("generation", "4"), ("message", "4")])


if __name__ == "__main__":
    unittest.main()
