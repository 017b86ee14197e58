// client.webhooks.listen() against a local server playing GET /api/v1/webhooks/listen: the session
// and events in order, a dropped or silent stream opened again with the session's id (so the secret
// stays), and a refusal thrown rather than retried.
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { AuthenticationError, type ListenMessage, Vgen } from "../src/index";
import { apiError, localServer } from "./local-server";

const SESSION = { id: "whl_1", secret: "whsec_c2VjcmV0", events: [] };
const event = (id: string) => ({
  id,
  type: "generation.completed",
  body: `{"type":"generation.completed","data":{"id":"vid_${id}"}}`,
  headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": "1", "webhook-signature": "v1,x" },
});

function stream(res: ServerResponse, ...events: [string, unknown][]) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const [name, data] of events) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function take(client: Vgen, n: number, options: { idleTimeoutMs?: number } = {}): Promise<ListenMessage[]> {
  const controller = new AbortController();
  const out: ListenMessage[] = [];
  for await (const message of client.webhooks.listen({
    ...options,
    events: ["generation.completed"],
    signal: controller.signal,
  })) {
    out.push(message);
    if (out.length === n) controller.abort();
  }
  return out;
}

describe("webhooks.listen", () => {
  it("yields the session and events; after a drop it reconnects with the session id and goes on", async () => {
    const server = await localServer([
      (_req, res) => {
        stream(res, ["session", SESSION], ["webhook", event("whd_1")]);
        setTimeout(() => res.destroy(), 50);
      },
      (_req, res) => stream(res, ["session", SESSION], ["webhook", event("whd_2")]),
    ]);
    close = server.close;
    const client = new Vgen({ apiKey: "vgk_test", baseUrl: server.baseUrl });
    const messages = await take(client, 5);
    expect(messages.map((m) => m.type)).toEqual(["session", "event", "disconnected", "session", "event"]);
    expect(messages[1]).toEqual({ type: "event", event: event("whd_1") });
    expect(messages[4]).toEqual({ type: "event", event: event("whd_2") });
    expect(server.requests.map((r) => new URL(r.url, server.baseUrl).searchParams.get("session"))).toEqual([null, "whl_1"]);
    expect(server.requests.every((r) => r.url.includes("events=generation.completed"))).toBe(true);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer vgk_test");
  });

  it("treats a silent stream as dropped", async () => {
    const server = await localServer([
      (_req, res) => stream(res, ["session", SESSION]),
      (_req, res) => stream(res, ["session", SESSION], ["webhook", event("whd_3")]),
    ]);
    close = server.close;
    const client = new Vgen({ apiKey: "vgk_test", baseUrl: server.baseUrl });
    const messages = await take(client, 4, { idleTimeoutMs: 2000 });
    expect(messages.map((m) => m.type)).toEqual(["session", "disconnected", "session", "event"]);
    expect((messages[1] as { error: Error }).error.message).toMatch(/no data/);
  });

  it("throws a refusal instead of reconnecting", async () => {
    const server = await localServer([apiError(401, "invalid_api_key")]);
    close = server.close;
    const client = new Vgen({ apiKey: "vgk_bad", baseUrl: server.baseUrl });
    await expect(take(client, 1)).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(1);
  });
});
