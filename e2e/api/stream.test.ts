import { STREAM_KEEPALIVE_SECONDS } from "@vgen/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";
import { readEventStream } from "../support/sse";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "20.00" });
});

describe("stream mode (the default)", () => {
  it("answers 200 text/event-stream, sends the processing record at once, then every change, then the terminal record, and closes", async () => {
    const sentAt = Date.now();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "A hummingbird hovering over a red flower", duration: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("x-ratelimit-limit")).toBe("25");
    const { events, closedAt } = await readEventStream(res, sentAt);

    const first = events[0]!;
    expect(first.event).toBe("generation");
    expect(first.at).toBeLessThan(1500);
    const firstRecord = JSON.parse(first.data);
    expect(firstRecord).toMatchObject({ status: "processing", output: [], model: "gen-3.1-fast" });
    expect(firstRecord.eta_seconds).toBeGreaterThan(0);
    expect(firstRecord.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const records = events.map((e) => JSON.parse(e.data));
    // Each event's id is its state's: the progress while processing, 100 for the end; each one newer than the last.
    expect(events.map((e) => Number(e.id))).toEqual(records.map((r) => (r.status === "processing" ? r.progress : 100)));
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(records.every((r) => r.id === firstRecord.id)).toBe(true);
    const progress = records.map((r) => r.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(records.some((r) => r.status === "processing" && r.progress > 0 && r.progress < 100)).toBe(true);

    const last = records[records.length - 1];
    expect(last.status).toBe("completed");
    expect(last.eta_seconds).toBe(0);
    expect(last.output[0].url).toMatch(/\.mp4$/);
    expect(records.filter((r) => r.status !== "processing")).toHaveLength(1);
    expect(closedAt).toBeGreaterThanOrEqual(events[events.length - 1]!.at);
  });

  it("a client that disconnects loses nothing; the events endpoint re-attaches", async () => {
    const controller = new AbortController();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "A paper plane over a city", duration: 2 },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = "";
    let match: RegExpExecArray | null = null;
    while (!match) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before the first record");
      text += new TextDecoder().decode(value);
      match = /"id":"(vid_[^"]+)"/.exec(text);
    }
    const id = match[1]!;
    controller.abort();

    const sentAt = Date.now();
    const again = await acct.call(`/api/v1/videos/generations/${id}/events`);
    expect(again.status).toBe(200);
    const { events } = await readEventStream(again, sentAt);
    const final = JSON.parse(events[events.length - 1]!.data);
    expect(final).toMatchObject({ id, status: "completed" });

    // Re-attaching to a finished generation sends the terminal record once and closes.
    const done = await readEventStream(await acct.call(`/api/v1/videos/generations/${id}/events`), Date.now());
    expect(done.events).toHaveLength(1);
    expect(JSON.parse(done.events[0]!.data).status).toBe("completed");
  });

  it(`is never silent for ${STREAM_KEEPALIVE_SECONDS} s while a job waits or runs: an event or a keep-alive comment`, async () => {
    // A long 1080p pro clip keeps the generation running for a while.
    const sentAt = Date.now();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-pro", prompt: "Slow aerial shot over mountains", duration: 8, size: "1080p" },
    });
    const { events, comments, closedAt } = await readEventStream(res, sentAt);
    const times = [...events, ...comments].map((e) => e.at).sort((a, b) => a - b);
    const gaps = [...times, closedAt].slice(1).map((at, i) => at - times[i]!);
    expect(Math.max(...gaps)).toBeLessThan(STREAM_KEEPALIVE_SECONDS * 1000 + 800);
    expect(comments.every((c) => c.text.trim() === "keep-alive")).toBe(true);
    expect(JSON.parse(events[events.length - 1]!.data).status).toBe("completed");
  });

  it("never contradicts itself: progress never falls and the ETA never rises, on both streams", async () => {
    const sentAt = Date.now();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "A lighthouse beam sweeping over waves", duration: 3 },
    });
    // The events endpoint, attached as soon as the id is known, follows the same generation.
    let reattached: ReturnType<typeof readEventStream> | undefined;
    const created = await readEventStream(res, sentAt, (e) => {
      const { id } = JSON.parse(e.data);
      reattached ??= acct.call(`/api/v1/videos/generations/${id}/events`).then((r) => readEventStream(r, Date.now()));
    });
    for (const { events } of [created, await reattached!]) {
      const records = events.map((e) => JSON.parse(e.data));
      const running = records.filter((r) => r.status === "processing");
      expect(running.some((r) => r.progress > 0)).toBe(true);
      for (let i = 1; i < records.length; i++) {
        expect(records[i].progress, `event ${i + 1} of ${JSON.stringify(records)}`).toBeGreaterThanOrEqual(
          records[i - 1].progress,
        );
      }
      for (let i = 1; i < running.length; i++) {
        expect(running[i].eta_seconds, `event ${i + 1} of ${JSON.stringify(running)}`).toBeLessThanOrEqual(
          running[i - 1].eta_seconds,
        );
        expect(running[i].eta_seconds).toBeGreaterThan(0);
      }
      expect(records.at(-1)).toMatchObject({ status: "completed", eta_seconds: 0 });
    }
  });

  it("stream: false and webHook select the other modes", async () => {
    const poll = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "poll", duration: 1, stream: false },
    });
    expect(poll.status).toBe(202);
    const record = await poll.json();
    await waitForTerminal(acct, record.id);
  });
});
