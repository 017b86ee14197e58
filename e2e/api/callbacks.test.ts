// Callbacks (docs/api.md#callbacks). Needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1 (receivers listen
// on 127.0.0.1) and a short retry schedule: WEBHOOK_RETRY_SCHEDULE=1s,1s,2s.
import { createHmac } from "node:crypto";
import { newId } from "@vgen/db";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  listDeliveries,
  processWebhookJob,
  resendDelivery,
  rotateWebhookSecret,
  WebhookDeliveryNotFoundError,
} from "@vgen/engine/delivery";
import { parseRetrySchedule } from "@vgen/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";

// resendDelivery runs in this process (as the dashboard would) and posts to the local receiver.
process.env.ALLOW_PRIVATE_NETWORK_FETCH ??= "1";
const SCHEDULE = parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE ?? "1s,1s,2s");

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
  at: number;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A local webhook receiver; `answer(n)` is the status for the n-th request (1-based). */
async function receiver(answer: (n: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = answer(received.length + 1);
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), answered: status, at: Date.now() });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "thanks" : `broken ${received.length}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/vgen?x=1`;
  return {
    url,
    received,
    async waitFor(n, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Standard Webhooks verification, written out independently of the server's implementation. */
function verifySignature(secret: string, r: Received) {
  const id = String(r.headers["webhook-id"]);
  const timestamp = String(r.headers["webhook-timestamp"]);
  expect(id).toMatch(/^whd_/);
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${r.body}`).digest("base64");
  const offered = String(r.headers["webhook-signature"]).split(" ");
  expect(offered).toContain(`v1,${expected}`);
}

async function secretOf(accountId: string) {
  return (await db().account.findUniqueOrThrow({ where: { id: accountId } })).webhookSecret;
}

async function deliveryFor(generationId: string) {
  return db().webhookDelivery.findFirstOrThrow({
    where: { generationId },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
  });
}

async function waitForDeliveryStatus(generationId: string, status: "delivered" | "failed", timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await db().webhookDelivery.findFirst({
      where: { generationId },
      include: { attempts: { orderBy: { attemptNo: "asc" } } },
    });
    if (d?.status === status) return d;
    if (Date.now() > deadline) throw new Error(`delivery for ${generationId} is ${d?.status ?? "missing"}, wanted ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Creates with a webHook and no `stream` flag: callback mode must answer 202 JSON, not a stream. */
async function createWithHook(acct: TestAccount, json: Record<string, unknown>) {
  const started = Date.now();
  const res = await acct.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", duration: 1, ...json },
  });
  expect(res.status).toBe(202);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const record = await res.json();
  expect(record.status).toBe("processing");
  expect(Date.now() - started).toBeLessThan(10_000);
  return record;
}

describe("webHook callbacks", () => {
  let images: Server;
  let imageBase: string;
  beforeAll(async () => {
    images = createServer((_req, res) => res.writeHead(404).end("missing"));
    await new Promise<void>((r) => images.listen(0, "127.0.0.1", r));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => images.close(() => r())));

  it("answers 202 at once and POSTs a signed generation.completed with the final record", async () => {
    const hook = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      const created = await createWithHook(acct, { prompt: "callback completed", webHook: hook.url });
      const [req] = await hook.waitFor(1);
      verifySignature(await secretOf(acct.id), req!);
      expect(req!.headers["content-type"]).toBe("application/json");
      const event = JSON.parse(req!.body);
      expect(Object.keys(event)).toEqual(["type", "data"]);
      expect(event.type).toBe("generation.completed");
      const final = await waitForTerminal(acct, created.id);
      expect(event.data).toEqual(final);
      expect(event.data).toMatchObject({ id: created.id, status: "completed", progress: 100, eta_seconds: 0 });
      expect(event.data.output).toHaveLength(1);
      expect(event.data.output[0].url).toMatch(new RegExp(`${created.id}\\.mp4$`));
      const delivery = await waitForDeliveryStatus(created.id, "delivered");
      expect(delivery.id).toBe(req!.headers["webhook-id"]);
      expect(delivery).toMatchObject({ accountId: acct.id, url: hook.url, eventType: "generation.completed", attemptCount: 1 });
      expect(delivery.deliveredAt).not.toBeNull();
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]).toMatchObject({
        attemptNo: 1,
        responseStatus: 200,
        responseBody: "thanks",
        error: null,
        manual: false,
      });
    } finally {
      await hook.close();
    }
  });

  it("retries a failing receiver with backoff: delivered exactly once, three attempts recorded", async () => {
    const hook = await receiver((n) => (n <= 2 ? 500 : 200));
    try {
      const acct = await newAccount({ balance: "5.00" });
      const created = await createWithHook(acct, { prompt: "callback retried", webHook: hook.url });
      const received = await hook.waitFor(3);
      const delivery = await waitForDeliveryStatus(created.id, "delivered");
      // Nothing more arrives once delivered.
      await new Promise((r) => setTimeout(r, Math.max(...SCHEDULE, 1000) + 2000));
      expect(received.map((r) => r.answered)).toEqual([500, 500, 200]);
      const secret = await secretOf(acct.id);
      for (const r of received) verifySignature(secret, r);
      // Same webhook-id on every attempt (receivers dedupe by it), same body.
      expect(new Set(received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([delivery.id]));
      expect(new Set(received.map((r) => r.body)).size).toBe(1);
      // The gaps follow the schedule.
      expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(SCHEDULE[0]! - 200);
      expect(received[2]!.at - received[1]!.at).toBeGreaterThanOrEqual(SCHEDULE[1]! - 200);
      const after = await deliveryFor(created.id);
      expect(after).toMatchObject({ status: "delivered", attemptCount: 3, nextAttemptAt: null });
      expect(after.attempts.map((a) => [a.attemptNo, a.responseStatus, a.manual])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 200, false],
      ]);
      expect(after.attempts[0]!.responseBody).toBe("broken 1");
      expect(after.attempts[0]!.error).toMatch(/500/);
      expect(after.attempts.every((a) => a.durationMs >= 0)).toBe(true);
      // A job that runs again (worker crash, lapsed claim) never posts after a recorded success.
      for (const attempt of [1, 3, 4]) {
        expect(await processWebhookJob(db(), { deliveryId: delivery.id, attempt })).toBe("skipped");
      }
      expect(hook.received).toHaveLength(3);
      expect((await deliveryFor(created.id)).attempts).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it("gives up after the schedule is exhausted; the dashboard can resend it, list it and rotate the secret", async () => {
    let accept = false;
    const hook = await receiver(() => (accept ? 200 : 503));
    try {
      const acct = await newAccount({ balance: "5.00" });
      const created = await createWithHook(acct, { prompt: "callback never accepted", webHook: hook.url });
      const delivery = await waitForDeliveryStatus(created.id, "failed", 60_000 + SCHEDULE.reduce((a, b) => a + b, 0));
      expect(delivery.attemptCount).toBe(SCHEDULE.length + 1);
      expect(delivery.attempts.map((a) => a.responseStatus)).toEqual(Array(SCHEDULE.length + 1).fill(503));
      expect(delivery.nextAttemptAt).toBeNull();
      expect(delivery.deliveredAt).toBeNull();
      await new Promise((r) => setTimeout(r, 2000));
      expect(hook.received).toHaveLength(SCHEDULE.length + 1);

      // Dashboard: another account cannot resend it.
      const other = await newAccount();
      await expect(resendDelivery(db(), other.id, delivery.id)).rejects.toBeInstanceOf(WebhookDeliveryNotFoundError);
      expect((await listDeliveries(db(), other.id, {})).data).toEqual([]);
      expect(hook.received).toHaveLength(SCHEDULE.length + 1);

      // Rotate, then resend: one immediate manual attempt signed with the new secret.
      const oldSecret = await secretOf(acct.id);
      const rotated = await rotateWebhookSecret(db(), acct.id);
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(oldSecret);
      expect(await secretOf(acct.id)).toBe(rotated);
      accept = true;
      const resent = await resendDelivery(db(), acct.id, delivery.id);
      expect(resent.attempt).toMatchObject({ manual: true, responseStatus: 200, attemptNo: SCHEDULE.length + 2 });
      expect(resent.delivery).toMatchObject({ status: "delivered", attemptCount: SCHEDULE.length + 2 });
      expect(resent.delivery.deliveredAt).not.toBeNull();
      expect(hook.received).toHaveLength(SCHEDULE.length + 2);
      const manual = hook.received.at(-1)!;
      expect(manual.headers["webhook-id"]).toBe(delivery.id);
      expect(manual.body).toBe(hook.received[0]!.body);
      verifySignature(rotated, manual);
      // The delivery log keeps the exact body and, per attempt, the headers that went out.
      const kept = await deliveryFor(created.id);
      expect(kept.body).toBe(manual.body);
      expect(kept.attempts).toHaveLength(hook.received.length);
      for (const [i, attempt] of kept.attempts.entries()) {
        const got = hook.received[i]!.headers;
        expect(attempt.requestHeaders).toEqual({
          "content-type": "application/json",
          "webhook-id": delivery.id,
          "webhook-timestamp": got["webhook-timestamp"],
          "webhook-signature": got["webhook-signature"],
          "user-agent": got["user-agent"],
          accept: got.accept,
        });
      }

      const page = await listDeliveries(db(), acct.id, { limit: 10 });
      expect(page.nextCursor).toBeNull();
      expect(page.data.map((d) => d.id)).toEqual([delivery.id]);
      expect(page.data[0]!.attempts.map((a) => a.manual)).toEqual([...Array(SCHEDULE.length + 1).fill(false), true]);
    } finally {
      await hook.close();
    }
  });

  it("posts generation.failed for a failed generation", async () => {
    const hook = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      const created = await createWithHook(acct, {
        prompt: "callback failed",
        webHook: hook.url,
        firstFrameUrl: `${imageBase}/missing.png`,
      });
      const [req] = await hook.waitFor(1);
      verifySignature(await secretOf(acct.id), req!);
      const event = JSON.parse(req!.body);
      expect(event.type).toBe("generation.failed");
      expect(event.data).toMatchObject({
        id: created.id,
        status: "failed",
        output: [],
        error: { code: "reference_fetch_failed" },
      });
      expect(event.data).toEqual(await waitForTerminal(acct, created.id));
      expect((await waitForDeliveryStatus(created.id, "delivered")).eventType).toBe("generation.failed");
    } finally {
      await hook.close();
    }
  });

  it("posts generation.canceled when the generation is canceled", async () => {
    const hook = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      const created = await createWithHook(acct, {
        model: "gen-3.1-pro",
        prompt: "callback canceled",
        duration: 8,
        size: "1080p",
        webHook: hook.url,
      });
      const cancel = await acct.call("/api/v1/videos/cancel", { method: "POST", json: { id: created.id } });
      expect(cancel.status).toBe(200);
      const canceled = await cancel.json();
      const [req] = await hook.waitFor(1);
      verifySignature(await secretOf(acct.id), req!);
      const event = JSON.parse(req!.body);
      expect(event.type).toBe("generation.canceled");
      expect(event.data).toEqual(canceled);
      expect(event.data).toMatchObject({ id: created.id, status: "canceled", output: [] });
      // One delivery per generation, nothing more when the worker notices the cancel.
      await new Promise((r) => setTimeout(r, 2000));
      expect(hook.received).toHaveLength(1);
      expect(await db().webhookDelivery.count({ where: { generationId: created.id } })).toBe(1);
    } finally {
      await hook.close();
    }
  });

  it("no webHook, no delivery", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", duration: 1, prompt: "no hook", stream: false },
    });
    const created = await res.json();
    await waitForTerminal(acct, created.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(await db().webhookDelivery.count({ where: { generationId: created.id } })).toBe(0);
  });

  it("a job re-run after a crash skips an attempt that was already recorded, and posts the next one once", async () => {
    const hook = await receiver();
    try {
      const acct = await newAccount({ balance: "5.00" });
      const res = await acct.call("/api/v1/videos/generations", {
        method: "POST",
        json: { model: "gen-3.1-fast", duration: 1, prompt: "crash drill", stream: false },
      });
      const final = await waitForTerminal(acct, (await res.json()).id);
      // As if attempt 1 had been recorded (500) and its worker died before acknowledging the job.
      const id = newId("whd");
      await db().webhookDelivery.create({
        data: {
          id,
          accountId: acct.id,
          generationId: final.id,
          url: hook.url,
          eventType: "generation.completed",
          payload: { type: "generation.completed", data: final },
          attemptCount: 1,
        },
      });
      await db().webhookAttempt.create({
        data: { id: newId("wha"), deliveryId: id, attemptNo: 1, responseStatus: 500, durationMs: 5 },
      });
      expect(await processWebhookJob(db(), { deliveryId: id, attempt: 1 })).toBe("skipped");
      expect(hook.received).toHaveLength(0);
      expect(await processWebhookJob(db(), { deliveryId: id, attempt: 2 })).toBe("delivered");
      expect(await processWebhookJob(db(), { deliveryId: id, attempt: 2 })).toBe("skipped");
      expect(hook.received).toHaveLength(1);
      verifySignature(await secretOf(acct.id), hook.received[0]!);
      expect(JSON.parse(hook.received[0]!.body)).toEqual({ type: "generation.completed", data: final });
      const d = await deliveryFor(final.id);
      expect(d).toMatchObject({ status: "delivered", attemptCount: 2 });
      expect(d.attempts.map((a) => [a.attemptNo, a.responseStatus])).toEqual([
        [1, 500],
        [2, 200],
      ]);
    } finally {
      await hook.close();
    }
  });
});
