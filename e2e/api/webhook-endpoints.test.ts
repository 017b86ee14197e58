// Account webhook endpoints and event subscriptions through the running app, with real local
// receivers (docs/api.md#webhook-events, docs/api.md#webhook-endpoints). Needs the app started with
// ALLOW_PRIVATE_NETWORK_FETCH=1 (the receivers listen on 127.0.0.1).
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEndpoint } from "@vgen/engine/delivery";
import { describe, expect, it } from "vitest";
import { db, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";

// createEndpoint runs in this process (as the dashboard would) and checks the receiver's URL.
process.env.ALLOW_PRIVATE_NETWORK_FETCH ??= "1";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function receiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    /** Resolves once an event of `type` has arrived. */
    async waitForType(type: string, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!received.some((r) => JSON.parse(r.body).type === type)) {
        if (Date.now() > deadline) throw new Error(`no ${type} among ${received.length} requests`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Checks every request's Standard Webhooks signature with `secret`; returns the events in arrival order. */
function eventsVerified(secret: string, received: Received[]) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return received.map((r) => {
    const signed = `${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`;
    expect(String(r.headers["webhook-signature"]).split(" ")).toContain(
      `v1,${createHmac("sha256", key).update(signed).digest("base64")}`,
    );
    return JSON.parse(r.body) as { type: string; data: any };
  });
}

async function create(acct: TestAccount, json: Record<string, unknown>) {
  return acct.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", size: "720p", stream: false, ...json },
  });
}

describe("webhook endpoints and event subscriptions", () => {
  it("a generation without webHook sends processing, rate-limited progress and completed to a subscribed endpoint", async () => {
    const hook = await receiver();
    const other = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      const { endpoint, secret } = await createEndpoint(db(), acct.id, {
        url: hook.url,
        description: "all events",
        events: ["generation.processing", "generation.progress", "generation.completed"],
      });
      await createEndpoint(db(), acct.id, { url: other.url, description: "failures only", events: ["generation.failed"] });
      const res = await create(acct, { prompt: "endpoint fan-out", duration: 4 });
      expect(res.status).toBe(202);
      const created = await res.json();
      await waitForTerminal(acct, created.id);
      await hook.waitForType("generation.completed");

      const events = eventsVerified(secret, hook.received);
      const types = events.map((e) => e.type);
      expect(types[0]).toBe("generation.processing");
      expect(types.at(-1)).toBe("generation.completed");
      expect(types).toContain("generation.progress");
      expect(types.filter((t) => t !== "generation.progress")).toEqual(["generation.processing", "generation.completed"]);
      for (const e of events) expect(e.data.id).toBe(created.id);
      expect(other.received).toEqual([]);

      // Progress rows: rising percents, created at least 2 s apart.
      const rows = await db().webhookDelivery.findMany({
        where: { generationId: created.id, endpointId: endpoint.id, eventType: "generation.progress" },
        orderBy: { createdAt: "asc" },
      });
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.createdAt.getTime() - rows[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(2_000);
        expect(rows[i]!.sequence).toBeGreaterThan(rows[i - 1]!.sequence);
      }
      const progress = events.filter((e) => e.type === "generation.progress");
      expect(progress.length).toBe(rows.length);
      for (const p of progress) expect(p.data).toMatchObject({ status: "processing" });
      // Exactly one delivery per (generation, endpoint, event) for the rest.
      const all = await db().webhookDelivery.findMany({ where: { generationId: created.id } });
      expect(
        all
          .filter((d) => d.eventType !== "generation.progress")
          .map((d) => d.eventType)
          .sort(),
      ).toEqual(["generation.completed", "generation.processing"]);
    } finally {
      await hook.close();
      await other.close();
    }
  });

  it("a request's webHook and webHookEvents override the endpoints, signed with the account secret", async () => {
    const endpointHook = await receiver();
    const requestHook = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      await createEndpoint(db(), acct.id, {
        url: endpointHook.url,
        description: "",
        events: ["generation.processing", "generation.completed"],
      });
      const res = await create(acct, {
        prompt: "request override",
        duration: 1,
        webHook: requestHook.url,
        webHookEvents: ["generation.processing", "generation.completed"],
      });
      expect(res.status).toBe(202);
      const created = await res.json();
      await waitForTerminal(acct, created.id);
      await requestHook.waitForType("generation.completed");
      const secret = (await db().account.findUniqueOrThrow({ where: { id: acct.id } })).webhookSecret;
      expect(eventsVerified(secret, requestHook.received).map((e) => e.type)).toEqual([
        "generation.processing",
        "generation.completed",
      ]);
      expect(endpointHook.received).toEqual([]);
    } finally {
      await endpointHook.close();
      await requestHook.close();
    }
  });

  it("refuses webHookEvents without webHook, unknown events and repeats", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const cases: [Record<string, unknown>, string][] = [
      [{ webHookEvents: ["generation.completed"] }, "webhook_events_without_webhook"],
      [{ webHook: "https://example.com/h", webHookEvents: ["generation.started"] }, "invalid_parameter"],
      [{ webHook: "https://example.com/h", webHookEvents: ["generation.failed", "generation.failed"] }, "invalid_parameter"],
      [{ webHook: "https://example.com/h", webHookEvents: [] }, "invalid_parameter"],
    ];
    for (const [body, code] of cases) {
      const res = await create(acct, { prompt: "bad events", duration: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe(code);
      expect(error.param).toMatch(/^webHookEvents/);
      expect(error.doc_url).toMatch(new RegExp(`/errors#${code}$`));
    }
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);
  });
});
