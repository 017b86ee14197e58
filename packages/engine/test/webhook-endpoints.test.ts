// Account webhook endpoints and event subscriptions against the database and a real local
// receiver: fan-out to subscribed enabled endpoints, the request's webHook overriding them, opt-in
// processing/progress events, the progress rate limit (event times, no timers), signatures with the
// endpoint's own secret, the test event, and the endpoint cache dropping an edited endpoint.
import type { WebhookEvent } from "@vgen/contracts";
import type { Db, Generation } from "@vgen/db";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useWebhookReceiver } from "./helpers/webhook-receiver";

describe.skipIf(!testDatabaseUrl)("webhook endpoints and event subscriptions", () => {
  const db = useTestDb(8);
  const funded = useFundedAccounts(db, "hooks");
  const hook = useWebhookReceiver((url) => (url.includes("/fail") ? 500 : url.includes("/moved") ? 307 : 204));
  const received = hook.received;

  const engine = async () => ({
    ...(await import("../src/generations/index")),
    ...(await import("../src/delivery/index")),
    ...(await import("../src/catalog/index")),
  });

  async function generation(accountId: string, extra: { webHook?: string; webHookEvents?: WebhookEvent[] } = {}) {
    const { createGeneration, findEnabledModel } = await engine();
    const model = await findEnabledModel(db(), "gen-3.1-fast");
    return createGeneration(db(), {
      account: { id: accountId, status: "active" },
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "hooks", duration: 1, size: "720p", ...extra },
    });
  }

  const deliveriesOf = (generationId: string) =>
    db().webhookDelivery.findMany({ where: { generationId }, orderBy: [{ createdAt: "asc" }, { sequence: "asc" }] });

  async function deliver(deliveryId: string) {
    const { processWebhookJob } = await engine();
    const before = received.length;
    const result = await processWebhookJob(db(), { deliveryId, attempt: 1 });
    return { result, got: received.slice(before) };
  }

  async function reload(gen: Generation) {
    return db().generation.findUniqueOrThrow({ where: { id: gen.id } });
  }

  it("fans a terminal event out to each enabled endpoint subscribed to it, signed with that endpoint's secret", async () => {
    const { createEndpoint, updateEndpoint, completeGeneration } = await engine();
    const account = await funded(20_000_000n);
    const a = await createEndpoint(db(), account.id, {
      url: `${hook.base}/a`,
      description: "A",
      events: ["generation.completed"],
    });
    const b = await createEndpoint(db(), account.id, { url: `${hook.base}/b`, description: "B", events: ["generation.failed"] });
    const c = await createEndpoint(db(), account.id, {
      url: `${hook.base}/c`,
      description: "C",
      events: ["generation.completed"],
    });
    await updateEndpoint(db(), account.id, c.endpoint.id, { enabled: false });
    expect(a.secret).toMatch(/^whsec_/);
    expect(a.secret).not.toBe(b.secret);

    const gen = await generation(account.id);
    await completeGeneration(db(), gen.id);
    const rows = await deliveriesOf(gen.id);
    expect(rows.map((r) => [r.endpointId, r.eventType])).toEqual([[a.endpoint.id, "generation.completed"]]);

    const { result, got } = await deliver(rows[0]!.id);
    expect(result).toBe("delivered");
    expect(got).toHaveLength(1);
    const event = new Webhook(a.secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as any;
    expect(event.type).toBe("generation.completed");
    expect(event.data.id).toBe(gen.id);
    expect(event.data.status).toBe("completed");
    const accountSecret = (await db().account.findUniqueOrThrow({ where: { id: account.id } })).webhookSecret;
    expect(() => new Webhook(accountSecret).verify(got[0]!.body, got[0]!.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(b.secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>)).toThrow();
  });

  it("a request's webHook overrides the endpoints and is signed with the account secret; by default only terminal events", async () => {
    const { createEndpoint, markStarted, reportProgress, failGeneration } = await engine();
    const account = await funded(20_000_000n);
    await createEndpoint(db(), account.id, {
      url: `${hook.base}/endpoint`,
      description: "",
      events: ["generation.processing", "generation.progress", "generation.failed"],
    });
    const gen = await generation(account.id, { webHook: `${hook.base}/request` });
    await markStarted(db(), gen);
    const t0 = new Date();
    await reportProgress(db(), gen.id, 50, t0);
    expect(await deliveriesOf(gen.id)).toEqual([]);
    await failGeneration(db(), gen.id, "render_failed", "boom");
    const rows = await deliveriesOf(gen.id);
    expect(rows.map((r) => [r.destination, r.url, r.eventType])).toEqual([
      ["request", `${hook.base}/request`, "generation.failed"],
    ]);
    const { got } = await deliver(rows[0]!.id);
    const accountSecret = (await db().account.findUniqueOrThrow({ where: { id: account.id } })).webhookSecret;
    expect((new Webhook(accountSecret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as any).type).toBe(
      "generation.failed",
    );
  });

  it("webHookEvents: processing once, progress at most once per 2 s of event time, only the listed terminal events", async () => {
    const { markStarted, reportProgress, cancelGeneration } = await engine();
    const account = await funded(20_000_000n);
    const gen = await generation(account.id, {
      webHook: `${hook.base}/subscribed`,
      webHookEvents: ["generation.processing", "generation.progress", "generation.completed"],
    });
    expect((await reload(gen)).webhookEvents).toEqual(["generation.processing", "generation.progress", "generation.completed"]);
    await markStarted(db(), gen);
    await markStarted(db(), await reload(gen)); // a job run again after a crash
    await markStarted(db(), gen); // even from a stale copy that still says "not started"
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    const at = (ms: number) => new Date(t0 + ms);
    await reportProgress(db(), gen.id, 0, at(0)); // nothing to report yet
    await reportProgress(db(), gen.id, 10, at(100)); // first progress
    await reportProgress(db(), gen.id, 20, at(1_000)); // < 2 s after it
    await reportProgress(db(), gen.id, 30, at(2_099)); // 1.999 s after it
    await reportProgress(db(), gen.id, 40, at(2_100)); // exactly 2 s
    await reportProgress(db(), gen.id, 40, at(9_000)); // no new progress
    await reportProgress(db(), gen.id, 35, at(12_000)); // lower: progress only rises
    await reportProgress(db(), gen.id, 55, at(12_500)); // > 2 s after the last event
    await cancelGeneration(db(), account.id, gen.id); // canceled is not subscribed
    const rows = await deliveriesOf(gen.id);
    expect(rows.map((r) => [r.eventType, r.sequence])).toEqual([
      ["generation.processing", 0],
      ["generation.progress", 10],
      ["generation.progress", 40],
      ["generation.progress", 55],
    ]);
    const progressTimes = rows.filter((r) => r.eventType === "generation.progress").map((r) => r.createdAt.getTime() - t0);
    expect(progressTimes).toEqual([100, 2_100, 12_500]);

    const { got } = await deliver(rows[2]!.id);
    const body = JSON.parse(got[0]!.body);
    expect(body.type).toBe("generation.progress");
    expect(body.data).toMatchObject({ id: gen.id, status: "processing", progress: 40 });
    const jobs = await db().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = 'webhook-deliveries' AND data->>'deliveryId' = ANY(${rows.map((r) => r.id)})`;
    expect(Number(jobs[0]!.n)).toBe(rows.length);
  });

  it("rate-limits progress per destination: each endpoint keeps its own 2 s window", async () => {
    const { createEndpoint, reportProgress } = await engine();
    const account = await funded(20_000_000n);
    const fast = await createEndpoint(db(), account.id, {
      url: `${hook.base}/p1`,
      description: "",
      events: ["generation.progress"],
    });
    const gen = await generation(account.id);
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    await reportProgress(db(), gen.id, 10, new Date(t0));
    const late = await createEndpoint(db(), account.id, {
      url: `${hook.base}/p2`,
      description: "",
      events: ["generation.progress"],
    });
    await waitForEndpoints(account.id, 2);
    await reportProgress(db(), gen.id, 20, new Date(t0 + 500));
    const rows = await deliveriesOf(gen.id);
    expect(rows.map((r) => [r.endpointId, r.sequence])).toEqual([
      [fast.endpoint.id, 10],
      [late.endpoint.id, 20],
    ]);
  });

  it("an endpoint disabled after the event was queued gets nothing; the cache drops it for later events", async () => {
    const { createEndpoint, updateEndpoint, completeGeneration } = await engine();
    const account = await funded(20_000_000n);
    const { endpoint } = await createEndpoint(db(), account.id, {
      url: `${hook.base}/disabled`,
      description: "",
      events: ["generation.completed"],
    });
    const first = await generation(account.id);
    await completeGeneration(db(), first.id);
    const [queued] = await deliveriesOf(first.id);
    await updateEndpoint(db(), account.id, endpoint.id, { enabled: false });
    const { result, got } = await deliver(queued!.id);
    expect(result).toBe("failed");
    expect(got).toEqual([]);
    expect(await db().webhookAttempt.count({ where: { deliveryId: queued!.id } })).toBe(0);

    await waitForEndpoints(account.id, 0);
    const second = await generation(account.id);
    await completeGeneration(db(), second.id);
    expect(await deliveriesOf(second.id)).toEqual([]);
  });

  it("Send test event: signed with the endpoint's secret, recorded in that endpoint's log; a roll changes the secret", async () => {
    const { createEndpoint, sendTestEvent, listDeliveries, rollEndpointSecret } = await engine();
    const account = await funded(0n);
    const { endpoint, secret } = await createEndpoint(db(), account.id, {
      url: `${hook.base}/test`,
      description: "",
      events: ["generation.completed"],
    });
    const before = received.length;
    const sent = await sendTestEvent(db(), account.id, endpoint.id);
    expect(sent.result).toBe("delivered");
    const got = received.slice(before);
    expect(got).toHaveLength(1);
    const event = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as any;
    expect(event).toMatchObject({ type: "webhook.test", data: { endpoint_id: endpoint.id } });
    expect(got[0]!.headers["webhook-id"]).toBe(sent.deliveryId);

    const rolled = await rollEndpointSecret(db(), account.id, endpoint.id);
    expect(rolled).not.toBe(secret);
    const again = received.length;
    await sendTestEvent(db(), account.id, endpoint.id);
    const second = received[again]!;
    expect(() => new Webhook(secret).verify(second.body, second.headers as Record<string, string>)).toThrow();
    expect(new Webhook(rolled).verify(second.body, second.headers as Record<string, string>)).toBeTruthy();

    const log = await listDeliveries(db(), account.id, { endpointId: endpoint.id, limit: 1 });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]!.attempts[0]!.responseStatus).toBe(204);
    const older = await listDeliveries(db(), account.id, { endpointId: endpoint.id, limit: 1, cursor: log.nextCursor });
    expect(older.data.map((d) => d.id)).toEqual([sent.deliveryId]);
  });

  it("a failing test event is retried on the schedule like any delivery", async () => {
    const { createEndpoint, sendTestEvent } = await engine();
    const account = await funded(0n);
    const { endpoint } = await createEndpoint(db(), account.id, {
      url: `${hook.base}/fail`,
      description: "",
      events: ["generation.failed"],
    });
    const sent = await sendTestEvent(db(), account.id, endpoint.id);
    expect(sent.result).toBe("retry_scheduled");
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId }, include: { attempts: true } });
    expect(row.status).toBe("pending");
    expect(row.attempts.map((a) => a.responseStatus)).toEqual([500]);
  });

  it("a receiver that redirects fails the delivery at once, saying redirects are not followed (no retries)", async () => {
    const { createEndpoint, sendTestEvent } = await engine();
    const account = await funded(0n);
    const { endpoint } = await createEndpoint(db(), account.id, {
      url: `${hook.base}/moved`,
      description: "",
      events: ["generation.completed"],
    });
    const sent = await sendTestEvent(db(), account.id, endpoint.id);
    expect(sent.result).toBe("failed");
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId }, include: { attempts: true } });
    expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(row.attempts).toHaveLength(1);
    expect(row.attempts[0]).toMatchObject({ responseStatus: 307, error: expect.stringContaining("redirects are not followed") });
  });

  it("refuses private URLs unless allowed, other accounts' endpoints, and more than 10 endpoints", async () => {
    const { createEndpoint, updateEndpoint, deleteEndpoint, sendTestEvent, MAX_ENDPOINTS_PER_ACCOUNT } = await engine();
    const owner = await funded(0n);
    const other = await funded(0n);
    const { endpoint } = await createEndpoint(db(), owner.id, {
      url: `${hook.base}/x`,
      description: "",
      events: ["generation.completed"],
    });
    for (const attempt of [
      () => updateEndpoint(db(), other.id, endpoint.id, { enabled: false }),
      () => deleteEndpoint(db(), other.id, endpoint.id),
      () => sendTestEvent(db(), other.id, endpoint.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "resource_not_found" });
    }
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(true);

    delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
    try {
      await expect(
        createEndpoint(db(), owner.id, {
          url: "http://169.254.169.254/latest",
          description: "",
          events: ["generation.completed"],
        }),
      ).rejects.toMatchObject({ code: "invalid_url", param: "url" });
      await expect(updateEndpoint(db(), owner.id, endpoint.id, { url: "http://10.0.0.1/hook" })).rejects.toMatchObject({
        code: "invalid_url",
      });
    } finally {
      process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    }
    for (let i = 1; i < MAX_ENDPOINTS_PER_ACCOUNT; i++) {
      await createEndpoint(db(), owner.id, { url: `${hook.base}/${i}`, description: "", events: ["generation.completed"] });
    }
    await expect(
      createEndpoint(db(), owner.id, { url: `${hook.base}/11`, description: "", events: ["generation.completed"] }),
    ).rejects.toMatchObject({ code: "webhook_endpoint_limit" });
  });

  /** The endpoint cache learns of an edit by NOTIFY, which arrives on its own connection. */
  async function waitForEndpoints(accountId: string, count: number) {
    const { endpointsByAccount } = await import("../src/platform/hot-cache/lookups");
    const deadline = Date.now() + 5_000;
    for (;;) {
      const list = (await endpointsByAccount.get(db() as Db, accountId)) ?? [];
      if (list.length === count) return;
      if (Date.now() > deadline) throw new Error(`endpoint cache still shows ${list.length} endpoints`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});
