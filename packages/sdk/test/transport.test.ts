// Retries, backoff, idempotency keys, timeouts and aborts against a real local HTTP server.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, InvalidRequestError, RateLimitError, ServiceUnavailableError, TimeoutError, Vgen } from "../src/index";
import { apiError, json, localServer, record } from "./local-server";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(handlers: Parameters<typeof localServer>[0], options: ConstructorParameters<typeof Vgen>[0] = {}) {
  const server = await localServer(handlers);
  close = server.close;
  const client = new Vgen({ apiKey: "vgk_test", baseUrl: server.baseUrl, initialRetryDelayMs: 100, ...options });
  return { server, client };
}

const params = { model: "gen-3.1-fast", prompt: "a boat", duration: 2 };

describe("retries", () => {
  it("waits the Retry-After of a 503 and retries with the same Idempotency-Key", async () => {
    const { server, client } = await setup([apiError(503, "service_unavailable", { "retry-after": "1" }), json(202, record())]);
    const created = await client.generations.create(params);
    expect(created.id).toBe("vid_test");
    const [first, second] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    expect(first!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
    expect(first!.headers.authorization).toBe("Bearer vgk_test");
    expect(JSON.parse(first!.body)).toEqual({ ...params, stream: false });
  });

  it("retries a gateway's 502 and 504 (HTML bodies) and succeeds", async () => {
    const gateway = (status: number) => (_req: unknown, res: import("node:http").ServerResponse) =>
      res.writeHead(status, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    const { server, client } = await setup([gateway(502), gateway(504), json(202, record())]);
    expect((await client.generations.create(params)).id).toBe("vid_test");
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it("backs off exponentially (with jitter) on 429 without Retry-After, keeping the key", async () => {
    const { server, client } = await setup([apiError(429, "rate_limited"), apiError(429, "rate_limited"), json(202, record())]);
    await client.generations.create(params);
    const [a, b, c] = server.requests;
    // initial 100 ms: the first wait is in [50, 100], the second in [100, 200].
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(45);
    expect(c!.at - b!.at).toBeGreaterThanOrEqual(95);
    expect(new Set(server.requests.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it("retries a 409 idempotency_request_in_progress after its Retry-After", async () => {
    const { server, client } = await setup([
      apiError(409, "idempotency_request_in_progress", { "retry-after": "0" }),
      json(200, record({ status: "canceled" })),
    ]);
    expect((await client.generations.cancel("vid_test")).status).toBe("canceled");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers["idempotency-key"]).toBe(server.requests[0]!.headers["idempotency-key"]);
  });

  it("stops after maxRetries and throws the typed error with the server's request id", async () => {
    const { server, client } = await setup([apiError(503, "service_unavailable", { "retry-after": "0" })], { maxRetries: 3 });
    const err = await client.generations.create(params).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ status: 503, code: "service_unavailable", request_id: "req_service_unavailable", retryAfter: 0 });
    expect(server.requests).toHaveLength(4);
  });

  it("does not retry a 400, nor a Retry-After longer than a minute", async () => {
    const { server, client } = await setup([
      apiError(400, "too_many_urls"),
      apiError(429, "rate_limited", { "retry-after": "3600" }),
    ]);
    await expect(client.generations.create(params)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(client.generations.create(params)).rejects.toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a dropped connection with the same key", async () => {
    const { server, client } = await setup([(req) => req.socket.destroy(), json(202, record())]);
    await client.generations.create(params);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers["idempotency-key"]).toBe(server.requests[0]!.headers["idempotency-key"]);
  });

  it("throws ConnectionError when nothing listens, after its retries", async () => {
    const closed = await localServer([json(200, {})]);
    await closed.close();
    const client = new Vgen({ apiKey: "k", baseUrl: closed.baseUrl, maxRetries: 1, initialRetryDelayMs: 10 });
    const err = await client.models.list().catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });
});

describe("idempotency keys", () => {
  it("are new per call, taken from the caller when given, absent on GETs and on the result read", async () => {
    const { server, client } = await setup([json(202, record())]);
    await client.generations.create(params);
    await client.generations.create(params);
    await client.generations.create(params, { idempotencyKey: "mine-1" });
    await client.generations.get("vid_test");
    await client.models.list().catch(() => {});
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe("mine-1");
    expect(keys[3]).toBeUndefined();
    expect(server.requests[4]!.method).toBe("GET");
    expect(keys[4]).toBeUndefined();
  });
});

describe("request options", () => {
  it("sends Prefer: wait, Cancel-After, the client's and the call's extra headers, through a custom fetch", async () => {
    const fetched: string[] = [];
    const { server, client } = await setup([json(200, record({ status: "completed" }))], {
      headers: { "x-team": "video" },
      fetch: (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      },
    });
    await client.generations.create(params, { wait: 30, cancelAfter: "5m", headers: { "x-trace": "t1" } });
    await client.generations.create(params, { wait: true, cancelAfter: 90 });
    const [a, b] = server.requests;
    expect(a!.headers).toMatchObject({ prefer: "wait=30", "cancel-after": "5m", "x-team": "video", "x-trace": "t1" });
    expect(b!.headers).toMatchObject({ prefer: "wait", "cancel-after": "90", "x-team": "video" });
    expect(b!.headers["x-trace"]).toBeUndefined();
    expect(fetched).toHaveLength(2);
    expect(fetched[0]).toBe(`${server.baseUrl}/api/v1/videos/generations`);
  });

  it("never sends the key or the extra headers to an output URL", async () => {
    const { server, client } = await setup([(_req, res) => res.writeHead(200).end("mp4")], { headers: { "x-team": "video" } });
    const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-dl-"));
    await client.download(`${server.baseUrl}/cdn/x.mp4`, path.join(dir, "x.mp4"));
    await rm(dir, { recursive: true });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.headers["x-team"]).toBeUndefined();
  });
});

describe("timeouts and aborts", () => {
  it("times out an attempt without response headers, and retries it", async () => {
    const slow = (_req: unknown, res: import("node:http").ServerResponse) =>
      setTimeout(() => json(202, record())(_req as never, res, {} as never), 500);
    const { server, client } = await setup([slow, json(202, record())], { timeoutMs: 150 });
    await client.generations.create(params);
    expect(server.requests).toHaveLength(2);
  });

  it("throws TimeoutError when every attempt is too slow", async () => {
    const slow = (_req: unknown, res: import("node:http").ServerResponse) => setTimeout(() => res.end(), 400);
    const { client } = await setup([slow], { timeoutMs: 100, maxRetries: 1 });
    await expect(client.models.list()).rejects.toBeInstanceOf(TimeoutError);
  });

  it("stops at once when the caller's signal aborts, even while waiting to retry", async () => {
    const { server, client } = await setup([apiError(503, "service_unavailable", { "retry-after": "30" })]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user gave up")), 200);
    const started = Date.now();
    await expect(client.generations.create(params, { signal: controller.signal })).rejects.toThrow("user gave up");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });
});
