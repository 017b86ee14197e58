// Test mode (docs/api.md#test-mode): a test key's generation is rendered by the local renderer even
// when the model's first route is an upstream provider (never contacted), moves no money, shows in
// no live figure, is limited per account, and is seen by test keys only.
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { newId } from "@vgen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVeoFake, type VeoFake } from "./fakes/veo";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { outputsOf } from "../src/storage/outputs";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("testmode", { fastUpstreams: true });
process.env.ROUTE_WAIT_POLL_MS = "10";
process.env.TEST_MODE_CONCURRENCY = "2";
process.env.TEST_MODE_DAILY_LIMIT = "4";

const PRICE = 100_000n; // $0.10 per second

describe.skipIf(!testDatabaseUrl)("test mode", () => {
  const db = useTestDb(6);
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let veo: VeoFake;
  let model: CatalogModel;

  beforeAll(async () => {
    engine = await loadEngine();
    veo = await startVeoFake();
    Object.assign(process.env, { UPSTREAM_VEO_TM_URL: veo.baseUrl, UPSTREAM_VEO_TM_API_KEY: veo.apiKey });
    // A model of its own whose first (and only) route is an upstream provider.
    const id = `testmode-${newId("rte").slice(4, 14)}`;
    model = await db().catalogModel.create({
      data: {
        id,
        purpose: "test mode test",
        purposeRu: "test mode test (ru)",
        priceMicrosPerSecond: PRICE,
        rateLimitQps: 1000,
        minChargeSeconds: 2,
        queue: "standard",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 4,
      },
    });
    await db().modelRoute.create({
      data: {
        id: newId("rte"),
        modelId: id,
        position: 0,
        provider: "veo",
        upstreamModel: "veo-3.0-generate-001",
        credentials: "veo-tm",
        maxConcurrency: 10,
        costMicrosPerSecond: 40_000n,
      },
    });
  });

  afterAll(async () => {
    await veo?.close();
    await engine?.stopBoss();
  });

  const newAccount = (label: string) =>
    engine.createAccount(db(), { email: `${label}-${Date.now()}-${newId("req").slice(4, 10)}@example.test` });

  function accept(account: Account, apiKeyId: string | null, livemode: boolean, body: Record<string, unknown> = {}) {
    return engine.acceptGeneration(db(), {
      account,
      apiKeyId,
      livemode,
      body: { model: model.id, prompt: "a paper boat on a rainy street", duration: 4, size: "720p", ...body },
    });
  }

  /** Runs the generation's steps as the queue would, until it needs nothing more. */
  async function drive(id: string, maxSteps = 300): Promise<Generation> {
    for (let i = 0; i < maxSteps; i++) {
      const next = await engine.processGeneration(db(), id);
      if (next.done) return db().generation.findUniqueOrThrow({ where: { id } });
      await new Promise((r) => setTimeout(r, Math.min(next.afterMs, 20)));
    }
    throw new Error(`generation ${id} still running after ${maxSteps} steps`);
  }

  it("renders a test key's generation locally, never upstream, and moves no money at a $0 balance", async () => {
    const account = await newAccount("tm-local");
    // A key with a monthly spend cap and a capped subscription: test mode counts against neither.
    const { record: key } = await engine.issueApiKey(
      db(),
      account.id,
      "test",
      { allowedModels: [], readOnly: false, expiresAt: null, allowedSources: [], monthlySpendCapMicros: 1n },
      { livemode: false },
    );
    await engine.subscribeToModel(db(), account.id, model.id);
    await engine.setSpendCap(db(), account.id, model.id, 1n);
    const balanceBefore = (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
    expect(balanceBefore).toBe(0n);

    const { record, generation } = await accept(account, key.id, false, { webHook: "http://127.0.0.1:9/hook" });
    expect(record).toMatchObject({ livemode: false, cost: "$0.000", billed_seconds: 0, status: "processing" });

    const done = await drive(generation.id);
    expect(done).toMatchObject({ status: "completed", livemode: false, routeId: null, costMicros: 0n, billedSeconds: 0 });
    expect(outputsOf(done)).toHaveLength(1);
    // The upstream never heard of it: no submit, no request of any kind, no route attempt.
    expect(veo.submits).toHaveLength(0);
    expect(Object.values(veo.received).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await db().routeAttempt.count({ where: { generationId: generation.id } })).toBe(0);
    // No money moved: no hold, no ledger entry, the balance as it was.
    expect(await db().ledgerEntry.count({ where: { accountId: account.id } })).toBe(0);
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(balanceBefore);
    expect(await engine.keyMonthSpendMicros(db(), key.id)).toBe(0n);
    // Its webhook says livemode: false, as the record does.
    const deliveries = await db().webhookDelivery.findMany({ where: { generationId: generation.id } });
    expect(deliveries.map((d) => d.eventType)).toContain("generation.completed");
    for (const d of deliveries) expect((d.payload as { data: { livemode: boolean } }).data.livemode).toBe(false);
    expect((await engine.recordOf(db(), done)).livemode).toBe(false);
  });

  it("refuses to send a test-mode generation upstream even when it already holds an upstream route", async () => {
    const account = await newAccount("tm-guard");
    const { generation } = await accept(account, null, false);
    const route = await db().modelRoute.findFirstOrThrow({ where: { modelId: model.id } });
    const gen = await db().generation.update({ where: { id: generation.id }, data: { routeId: route.id } });
    await expect(engine.upstreamStep(db(), gen, route)).rejects.toThrow(/must not be sent upstream/);
    expect(veo.submits).toHaveLength(0);
    await engine.cancelGeneration(db(), account.id, generation.id);
  });

  it("keeps test generations, requests and deliveries out of every live figure", async () => {
    const account = await newAccount("tm-figures");
    await engine.creditAccount(db(), {
      accountId: account.id,
      amountMicros: 10_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
    const { record: liveKey } = await engine.issueApiKey(db(), account.id, "live");
    const { record: testKey } = await engine.issueApiKey(db(), account.id, "test", undefined, { livemode: false });
    await engine.subscribeToModel(db(), account.id, model.id);
    // Live activity the figures should show: one completed (charged) and one processing (held).
    const live1 = await accept(account, liveKey.id, true);
    await engine.completeGeneration(db(), live1.generation.id);
    const live2 = await accept(account, liveKey.id, true);
    const now = new Date();
    const month = engine.periodBounds(engine.periodOf(now));

    const figures = async () => {
      const [usage, subs, held, liveList, history, requests, deliveries, overview, staffGens, activity] = await Promise.all([
        engine.usageBetween(db(), { accountId: account.id, ...month }),
        engine.listSubscriptions(db(), account.id, now),
        engine.balanceSummary(db(), account.id),
        engine.listGenerations(db(), account.id, 50, null),
        engine.listGenerationHistory(db(), account.id, { limit: 50 }),
        engine.listRequestLogs(db(), account.id, { limit: 100 }),
        engine.listDeliveries(db(), account.id, { limit: 100 }),
        engine.getAccountOverview(db(), account.id),
        engine.listAccountGenerations(db(), account.id),
        engine.getAccountActivity(db(), account.id),
      ]);
      return {
        usage: usage.totals,
        subscriptions: subs.map((s) => ({ ...s })),
        held,
        list: liveList.data.map((g) => g.id),
        history: history.data.map((g) => g.id),
        requests: requests.data.map((r) => r.id),
        deliveries: deliveries.data.map((d) => d.id),
        overview: { generationCount: overview.generationCount, heldMicros: overview.heldMicros },
        staffGenerations: { total: staffGens.total, ids: staffGens.items.map((g) => g.id) },
        activity: JSON.stringify(activity, (_k, v) => (typeof v === "bigint" ? v.toString() : v)),
        ledger: await db().ledgerEntry.count({ where: { accountId: account.id } }),
        keySpend: await engine.keyMonthSpendMicros(db(), liveKey.id),
      };
    };
    const before = await figures();
    expect(before.list).toEqual([live2.generation.id, live1.generation.id]);
    expect(before.usage.accepted).toBe(2);

    // Test activity: completed, failed and processing generations, a request and a webhook delivery.
    const t1 = await accept(account, testKey.id, false, { webHook: "http://127.0.0.1:9/hook" });
    await engine.completeGeneration(db(), t1.generation.id);
    const t2 = await accept(account, testKey.id, false);
    await engine.failGeneration(db(), t2.generation.id, "render_failed", "test");
    const t3 = await accept(account, null, false);
    const requestId = newId("req");
    await db().requestLog.create({
      data: {
        id: requestId,
        requestId,
        accountId: account.id,
        apiKeyId: testKey.id,
        modelId: model.id,
        generationId: t1.generation.id,
        method: "POST",
        path: "/api/v1/videos/generations",
        status: 202,
        latencyMs: 5,
        livemode: false,
      },
    });
    expect(await db().webhookDelivery.count({ where: { generationId: t1.generation.id } })).toBeGreaterThan(0);

    expect(await figures()).toEqual(before);
    // ...while the dashboard's test mode shows exactly the test activity.
    const testIds = [t3, t2, t1].map((t) => t.generation.id);
    expect((await engine.listGenerations(db(), account.id, 50, null, false)).data.map((g) => g.id)).toEqual(testIds);
    expect(
      (await engine.listGenerationHistory(db(), account.id, { limit: 50, query: { livemode: false } })).data.map((g) => g.id),
    ).toEqual(testIds);
    expect((await engine.listRequestLogs(db(), account.id, { filter: { livemode: false } })).data.map((r) => r.id)).toEqual([
      requestId,
    ]);
    const testDeliveries = await engine.listDeliveries(db(), account.id, { livemode: false });
    expect(testDeliveries.data.length).toBeGreaterThan(0);
    expect(testDeliveries.data.every((d) => d.generationId === t1.generation.id)).toBe(true);
    await engine.cancelGeneration(db(), account.id, t3.generation.id);
    await engine.cancelGeneration(db(), account.id, live2.generation.id);
  });

  it("shows a key only its own mode's generations", async () => {
    const account = await newAccount("tm-scope");
    await engine.creditAccount(db(), {
      accountId: account.id,
      amountMicros: 10_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
    const test = await accept(account, null, false);
    const live = await accept(account, null, true);
    await expect(engine.getGenerationForAccount(db(), account.id, test.generation.id, true)).rejects.toMatchObject({
      code: "generation_not_found",
    });
    await expect(engine.getGenerationForAccount(db(), account.id, live.generation.id, false)).rejects.toMatchObject({
      code: "generation_not_found",
    });
    await expect(engine.cancelGeneration(db(), account.id, test.generation.id, true)).rejects.toMatchObject({
      code: "generation_not_found",
    });
    expect((await engine.getGenerationForAccount(db(), account.id, test.generation.id, false)).id).toBe(test.generation.id);
    await engine.cancelGeneration(db(), account.id, test.generation.id, false);
    await engine.cancelGeneration(db(), account.id, live.generation.id, true);
  });

  it("limits test mode per account: concurrent generations, then generations per UTC day", async () => {
    const account = await newAccount("tm-limits");
    const first = await accept(account, null, false);
    const second = await accept(account, null, false);
    const third = await accept(account, null, false).catch((e: unknown) => e);
    expect(third).toMatchObject({ code: "test_mode_concurrency_exceeded", status: 409 });
    // Live mode is not limited by it (and still needs money: this account has none).
    await expect(accept(account, null, true)).rejects.toMatchObject({ code: "insufficient_balance" });

    await engine.cancelGeneration(db(), account.id, first.generation.id);
    const thirdToday = await accept(account, null, false);
    await engine.cancelGeneration(db(), account.id, thirdToday.generation.id);
    const fourthToday = await accept(account, null, false);
    await engine.cancelGeneration(db(), account.id, fourthToday.generation.id);
    const fifth = await accept(account, null, false).catch((e: unknown) => e);
    expect(fifth).toMatchObject({ code: "test_mode_daily_limit", status: 429 });
    const retryAfter = Number((fifth as { headers: Record<string, string> }).headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    await engine.cancelGeneration(db(), account.id, second.generation.id);
    expect(await db().ledgerEntry.count({ where: { accountId: account.id } })).toBe(0);
  });
});

async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/accounts/api-keys")),
    ...(await import("../src/accounts/subscriptions")),
    ...(await import("../src/accounts/key-spend-cap")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/billing/ledger-entries")),
    ...(await import("../src/billing/usage-stats")),
    ...(await import("../src/billing/statements")),
    ...(await import("../src/generations/accept")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/history")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/generations/worker/upstream-step")),
    ...(await import("../src/providers/routes")),
    ...(await import("../src/observability/request-logs")),
    ...(await import("../src/delivery/deliveries")),
    ...(await import("../src/support/accounts")),
    ...(await import("../src/platform/queue")),
  };
}
