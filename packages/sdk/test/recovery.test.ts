// Waiting that never hangs: broken, silent and finished streams, lost answers and the wait timeout,
// against a real local HTTP server scripted request by request.
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, NotFoundError, TimeoutError, Vgen, WaitTimeoutError } from "../src/index";
import { eventStream, json, localServer, lostAnswer, record } from "./local-server";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(handlers: Parameters<typeof localServer>[0], options: ConstructorParameters<typeof Vgen>[0] = {}) {
  const server = await localServer(handlers);
  close = server.close;
  const client = new Vgen({ apiKey: "vgk_test", baseUrl: server.baseUrl, initialRetryDelayMs: 10, ...options });
  return { server, client };
}

const params = { model: "gen-3.1-fast", prompt: "a boat" };
const at = (progress: number) => record({ progress });
const done = record({ status: "completed", progress: 100, eta_seconds: 0, output: [{ url: "http://cdn/x.mp4" }] });
const EVENTS = "/api/v1/videos/generations/vid_test/events";
const noContent: Parameters<typeof localServer>[0][number] = (_req, res) => res.writeHead(204).end();

describe("createAndWait recovers", () => {
  it("re-attaches through /events with Last-Event-ID when the stream is cut, and completes", async () => {
    const { server, client } = await setup([
      eventStream([at(0), at(40)], { after: "cut" }),
      eventStream([at(70), done], { firstId: 3 }),
    ]);
    const seen: number[] = [];
    const final = await client.generations.createAndWait(params, { onProgress: (r) => seen.push(r.progress) });
    expect(final.status).toBe("completed");
    expect(seen).toEqual([0, 40, 70]);
    const [create, reattach] = server.requests;
    expect(create!.method).toBe("POST");
    expect(reattach).toMatchObject({ method: "GET", url: EVENTS });
    expect(reattach!.headers["last-event-id"]).toBe("2");
    expect(reattach!.headers.accept).toBe("text/event-stream");
  });

  it("treats a stream silent past streamIdleTimeoutMs as broken (socket open, no bytes) and re-attaches", async () => {
    const { server, client } = await setup(
      [eventStream([at(0), at(30)], { after: "stall" }), eventStream([done], { firstId: 3 })],
      {
        streamIdleTimeoutMs: 300,
      },
    );
    const final = await client.generations.createAndWait(params);
    expect(final.status).toBe("completed");
    expect(server.requests[1]!.headers["last-event-id"]).toBe("2");
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(290);
  });

  it("reads the final record when the re-attach answers 204 (the generation ended meanwhile)", async () => {
    const { server, client } = await setup([eventStream([at(10)], { after: "cut" }), noContent, json(200, done)]);
    expect((await client.generations.createAndWait(params)).status).toBe("completed");
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/v1/videos/generations",
      `GET ${EVENTS}`,
      "POST /api/v1/videos/result",
    ]);
  });

  it("polls when streams keep breaking without a new record", async () => {
    const silent = eventStream([], { after: "cut" });
    const { server, client } = await setup([
      eventStream([at(10)], { after: "cut" }),
      silent,
      silent,
      silent,
      json(200, at(90)),
      json(200, done),
    ]);
    const final = await client.generations.createAndWait(params, { pollIntervalMs: 10 });
    expect(final.status).toBe("completed");
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/videos/generations",
      EVENTS,
      EVENTS,
      EVENTS,
      "/api/v1/videos/result",
      "/api/v1/videos/result",
    ]);
  });

  it("sends the create again with the same Idempotency-Key when its stream breaks before the first record", async () => {
    const { server, client } = await setup([eventStream([], { after: "cut" }), eventStream([at(0), done])]);
    expect((await client.generations.createAndWait(params)).status).toBe("completed");
    const [first, second] = server.requests;
    expect(second!.url).toBe("/api/v1/videos/generations");
    expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
    expect(second!.body).toBe(first!.body);
  });
});

describe("errors name the create", () => {
  it("a create whose answer is lost on every attempt throws ConnectionError with its Idempotency-Key", async () => {
    const { server, client } = await setup([lostAnswer], { maxRetries: 2 });
    const err = await client.generations.create(params).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(3);
    const keys = new Set(server.requests.map((r) => r.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect(err.idempotencyKey).toBe([...keys][0]);
    expect(err.generationId).toBeNull();
  });

  it("the caller's own key is the one reported, also from createAndWait", async () => {
    const { client } = await setup([lostAnswer], { maxRetries: 1 });
    const err = await client.generations.createAndWait(params, { idempotencyKey: "order-7" }).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ idempotencyKey: "order-7", generationId: null });
  });

  it("an error after the id was seen carries the id too", async () => {
    const { client } = await setup([eventStream([at(10)], { after: "cut" }), lostAnswer], { maxRetries: 1 });
    const err = await client.generations.createAndWait(params).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.generationId).toBe("vid_test");
    expect(err.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("waitTimeoutMs bounds the whole wait, even on a silent stream, and names the generation", async () => {
    const { client } = await setup([eventStream([at(10)], { after: "stall" })]);
    const started = Date.now();
    const err = await client.generations.createAndWait(params, { waitTimeoutMs: 400 }).catch((e) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.generationId).toBe("vid_test");
    expect(err.message).toMatch(/vid_test did not finish within 400 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a 404 while following is thrown as is, not retried as a broken stream", async () => {
    const { server, client } = await setup([
      json(404, { error: { code: "generation_not_found", message: "no such generation" } }),
    ]);
    await expect(client.generations.wait("vid_gone")).rejects.toBeInstanceOf(NotFoundError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("generations.wait", () => {
  it("follows an existing generation's events to its terminal record", async () => {
    const { server, client } = await setup([eventStream([at(50), done])]);
    const seen: number[] = [];
    const final = await client.generations.wait("vid_test", { onProgress: (r) => seen.push(r.progress) });
    expect(final.status).toBe("completed");
    expect(seen).toEqual([50]);
    expect(server.requests[0]).toMatchObject({ method: "GET", url: EVENTS });
    expect(server.requests[0]!.headers["last-event-id"]).toBeUndefined();
  });

  it("polls in poll mode", async () => {
    const { server, client } = await setup([json(200, at(50)), json(200, done)]);
    expect((await client.generations.wait("vid_test", { mode: "poll", pollIntervalMs: 10 })).status).toBe("completed");
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v1/videos/result", "/api/v1/videos/result"]);
  });
});

describe("a stream read by hand", () => {
  it("throws TimeoutError when silent, and resumes from lastEventId", async () => {
    const { server, client } = await setup([eventStream([at(10)], { after: "stall" }), eventStream([done], { firstId: 2 })], {
      streamIdleTimeoutMs: 200,
    });
    const stream = await client.generations.create(params, { stream: true });
    const seen: number[] = [];
    const err = await (async () => {
      for await (const event of stream) seen.push(event.data.progress);
    })().catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(seen).toEqual([10]);
    expect(stream.lastEventId).toBe("1");
    const resumed = await client.generations.events("vid_test", { lastEventId: stream.lastEventId });
    for await (const event of resumed) seen.push(event.data.progress);
    expect(seen).toEqual([10, 100]);
    expect(server.requests[1]!.headers["last-event-id"]).toBe("1");
  });
});
