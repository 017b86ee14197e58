/**
 * Streams that resume and end, as a WHATWG EventSource (the `eventsource` package) sees them:
 * stable event ids, `Last-Event-ID` after a connection cut mid-stream, and `204` once the client
 * has the final event (docs/api.md#stream-format).
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { FINAL_EVENT_ID, STREAM_RETRY_MS } from "@vgen/contracts";
import { EventSource, type FetchLike } from "eventsource";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "20.00" });
});

/** A TCP proxy in front of the app whose open connections can be destroyed, as a network cut does. */
class CuttingProxy {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  readonly ready: Promise<string>;

  constructor(target: URL) {
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    this.ready = new Promise((resolve) =>
      this.server.listen(0, "127.0.0.1", () => {
        const { port } = this.server.address() as { port: number };
        resolve(`http://127.0.0.1:${port}`);
      }),
    );
  }

  /** Destroys every open connection in both directions, with no goodbye. */
  cut() {
    for (const s of this.sockets) s.destroy();
  }

  close() {
    this.cut();
    this.server.close();
  }
}

interface Attempt {
  lastEventId: string | null;
  status: number;
}

interface Received {
  id: number;
  record: { id: string; status: string; progress: number };
}

/** An EventSource on a generation's events with this account's key, recording each request it makes and each event. */
function follow(base: string, generationId: string, onEvent: (e: Received) => void = () => {}) {
  const attempts: Attempt[] = [];
  const events: Received[] = [];
  const fetchWithKey: FetchLike = async (url, init) => {
    const res = await fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${acct.key}` } });
    attempts.push({ lastEventId: init.headers["Last-Event-ID"] ?? null, status: res.status });
    return res;
  };
  const source = new EventSource(`${base}/api/v1/videos/generations/${generationId}/events`, { fetch: fetchWithKey });
  const closed = new Promise<void>((resolve) => {
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) resolve();
    });
  });
  source.addEventListener("generation", (e) => {
    const received = { id: Number(e.lastEventId), record: JSON.parse(e.data) };
    events.push(received);
    onEvent(received);
  });
  return { source, attempts, events, closed };
}

/** The id the server gives an event showing this state. */
const idOfState = (r: Received["record"]) => (r.status === "processing" ? r.progress : FINAL_EVENT_ID);

async function createPolled(json: Record<string, unknown>): Promise<string> {
  const res = await acct.call("/api/v1/videos/generations", { method: "POST", json: { ...json, stream: false } });
  expect(res.status).toBe(202);
  return (await res.json()).id;
}

/** Waits long enough for an EventSource that was going to reconnect to have done so. */
const pastReconnect = () => new Promise((r) => setTimeout(r, STREAM_RETRY_MS * 2 + 1000));

describe("event stream resume (eventsource, a WHATWG client)", () => {
  let proxy: CuttingProxy;
  let proxied: string;
  beforeAll(async () => {
    proxy = new CuttingProxy(new URL(BASE_URL));
    proxied = await proxy.ready;
  });
  afterAll(() => proxy.close());

  it("resumes after a connection cut mid-stream with Last-Event-ID: every event once, in order, then 204 ends it", {
    timeout: 240_000,
  }, async () => {
    // Progress rises a percent at a time while it renders: many states to cut between.
    const id = await createPolled({ model: "gen-3.1-fast", prompt: "A train crossing a viaduct in fog", duration: 3 });
    // The same generation followed without a cut: what a client that never lost its connection saw.
    const reference = follow(BASE_URL, id);
    let cutAfter: number | null = null;
    const resumed = follow(proxied, id, (e) => {
      if (cutAfter === null && e.id > 0 && e.id < FINAL_EVENT_ID) {
        cutAfter = e.id;
        proxy.cut();
      }
    });
    await Promise.all([resumed.closed, reference.closed]);
    await pastReconnect();

    expect(cutAfter, "the generation ended before a progress event to cut after").not.toBeNull();
    // Three requests: the first, the reconnect after the cut with the last id it had, the one after the end.
    expect(resumed.attempts).toEqual([
      { lastEventId: null, status: 200 },
      { lastEventId: String(cutAfter), status: 200 },
      { lastEventId: String(FINAL_EVENT_ID), status: 204 },
    ]);
    expect(reference.attempts).toEqual([
      { lastEventId: null, status: 200 },
      { lastEventId: String(FINAL_EVENT_ID), status: 204 },
    ]);

    for (const { events } of [resumed, reference]) {
      const ids = events.map((e) => e.id);
      // Nothing repeated, in order, and each id is the one of the state the event shows.
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(events.map((e) => idOfState(e.record))).toEqual(ids);
      expect(events.every((e) => e.record.id === id)).toBe(true);
      expect(events.at(-1)!.record.status).toBe("completed");
      expect(events.filter((e) => e.id === FINAL_EVENT_ID)).toHaveLength(1);
    }
    // Nothing lost: from the first state the resumed stream showed after the cut on, it saw every
    // state the uncut stream saw, and the same state under the same id.
    const afterCut = resumed.events.filter((e) => e.id > cutAfter!);
    expect(afterCut.length).toBeGreaterThan(0);
    const resumedIds = new Map(resumed.events.map((e) => [e.id, e.record]));
    for (const e of reference.events.filter((r) => r.id >= afterCut[0]!.id)) {
      expect(resumedIds.get(e.id), `state ${e.id} the uncut stream saw`).toMatchObject({
        status: e.record.status,
        progress: e.record.progress,
      });
    }
  });

  it("a finished generation: the final event once, then 204 and the EventSource stops reconnecting", async () => {
    const id = await createPolled({ model: "gen-3.1-fast", prompt: "A kite over a beach", duration: 1 });
    await waitForTerminal(acct, id);
    const finished = follow(BASE_URL, id);
    await finished.closed;
    await pastReconnect();
    expect(finished.source.readyState).toBe(EventSource.CLOSED);
    expect(finished.events.map((e) => [e.id, e.record.status])).toEqual([[FINAL_EVENT_ID, "completed"]]);
    expect(finished.attempts).toEqual([
      { lastEventId: null, status: 200 },
      { lastEventId: String(FINAL_EVENT_ID), status: 204 },
    ]);
  });

  it("Last-Event-ID: the query form, the header winning over it, and ids that are not this stream's", async () => {
    const id = await createPolled({ model: "gen-3.1-fast", prompt: "A lantern on a windowsill", duration: 1 });
    await waitForTerminal(acct, id);
    const path = `/api/v1/videos/generations/${id}/events`;

    const byQuery = await acct.call(`${path}?lastEventId=${FINAL_EVENT_ID}`);
    expect(byQuery.status).toBe(204);
    expect(await byQuery.text()).toBe("");

    // A reconnecting browser EventSource keeps the URL's old id and sends its newer one as the header.
    const headerWins = await acct.call(`${path}?lastEventId=3`, { headers: { "last-event-id": String(FINAL_EVENT_ID) } });
    expect(headerWins.status).toBe(204);

    const earlier = await acct.call(path, { headers: { "last-event-id": "5" } });
    expect(earlier.status).toBe(200);
    const text = await earlier.text();
    expect(text.match(/^id: .*$/gm)).toEqual([`id: ${FINAL_EVENT_ID}`]);

    for (const [header, value] of [
      ["last-event-id", "abc"],
      ["last-event-id", String(FINAL_EVENT_ID + 1)],
    ] as const) {
      const res = await acct.call(path, { headers: { [header]: value } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "invalid_parameter", param: "Last-Event-ID" });
    }
    const badQuery = await acct.call(`${path}?lastEventId=-1`);
    expect(badQuery.status).toBe(400);
    expect((await badQuery.json()).error).toMatchObject({ code: "invalid_parameter", param: "lastEventId" });
  });
});
