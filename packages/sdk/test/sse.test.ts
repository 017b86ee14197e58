import { describe, expect, it } from "vitest";
import { TimeoutError } from "../src/errors";
import { readSse, SseParser } from "../src/sse";

function feedAll(chunks: string[]) {
  const parser = new SseParser();
  const events = chunks.flatMap((c) => parser.feed(c));
  return { events, comments: parser.comments };
}

describe("SSE parsing", () => {
  it("joins multi-line data with newlines and keeps the event name and id", () => {
    const { events } = feedAll(['event: generation\nid: 7\ndata: {"a":\ndata: 1}\n\n']);
    expect(events).toEqual([{ event: "generation", data: '{"a":\n1}', id: "7", retry: undefined }]);
    expect(JSON.parse(events[0]!.data)).toEqual({ a: 1 });
  });

  it("treats lines starting with ':' as comments, never as events", () => {
    const { events, comments } = feedAll([": keep-alive\n\n", ":another\ndata: x\n\n"]);
    expect(comments).toEqual(["keep-alive", "another"]);
    expect(events.map((e) => e.data)).toEqual(["x"]);
  });

  it("accepts CRLF, CR and LF line ends, including a CRLF split across chunks", () => {
    const { events } = feedAll(["data: a\r", "\n\r", "\ndata: b\r\rdata: c\n\n"]);
    expect(events.map((e) => e.data)).toEqual(["a", "b", "c"]);
  });

  it("assembles events split at any byte, and strips one leading space only", () => {
    const text = "event: generation\ndata:  two spaces\ndata:none\n\n";
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = feedAll([text.slice(0, cut), text.slice(cut)]);
      expect(events).toEqual([{ event: "generation", data: " two spaces\nnone", id: undefined, retry: undefined }]);
    }
  });

  it("defaults the name to 'message', drops events without data, keeps the last id, reads retry", () => {
    const { events } = feedAll(["id: 1\nevent: x\n\nretry: 3000\ndata\n\nid: 2\ndata: y\n\n"]);
    expect(events).toEqual([
      { event: "message", data: "", id: "1", retry: 3000 },
      { event: "message", data: "y", id: "2", retry: 3000 },
    ]);
  });

  it("strips a byte order mark and discards an unterminated last event", () => {
    const { events } = feedAll(["\uFEFFdata: first\n\ndata: cut off"]);
    expect(events.map((e) => e.data)).toEqual(["first"]);
  });

  it("reads a byte stream whose chunks split a multi-byte UTF-8 character", async () => {
    const bytes = new TextEncoder().encode('event: generation\ndata: {"price":"$0.480 / сек"}\n\n');
    const split = bytes.indexOf(0xd1) + 1; // inside the first Cyrillic letter
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, split));
        c.enqueue(bytes.slice(split));
        c.close();
      },
    });
    const events = [];
    for await (const e of readSse(body, 10_000)) events.push(e);
    expect(JSON.parse(events[0]!.data)).toEqual({ price: "$0.480 / сек" });
  });

  it("gives up with a TimeoutError on a stream that stays open without a byte, and cancels it", async () => {
    let canceled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("data: one\n\n"));
      },
      cancel() {
        canceled = true;
      },
    });
    const events: string[] = [];
    const err = await (async () => {
      for await (const e of readSse(body, 200)) events.push(e.data);
    })().catch((e) => e);
    expect(events).toEqual(["one"]);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/no data on the event stream for 200 ms/);
    expect(canceled).toBe(true);
  });
});
