// The route runner end to end against fake providers: failover with one charge, billing by the
// delivered file, a crash between submit and saving the upstream id, an outcome learned too late,
// waiting for a free route in order, and the circuit breaker.
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { newId } from "@vgen/db";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReplicateFake, type ReplicateFake } from "./fakes/replicate";
import { startVeoFake, type VeoFake } from "./fakes/veo";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { outputsOf } from "../src/storage/outputs";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("routes", { fastUpstreams: true });
process.env.ROUTE_WAIT_POLL_MS = "10";
// Other suites' generations may wait in the same queue; with ample workers they do not make the
// workers the wait this file's ETAs measure (the route's own slots are).
process.env.WORKER_CONCURRENCY = "1000";

const PRICE = 100_000n; // $0.10 per second

describe.skipIf(!testDatabaseUrl)("route runner", () => {
  const db = useTestDb(6);
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let veoA: VeoFake;
  let veoB: VeoFake;
  let replicate: ReplicateFake;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    [veoA, veoB, replicate] = await Promise.all([startVeoFake(), startVeoFake(), startReplicateFake()]);
    Object.assign(process.env, {
      UPSTREAM_VEO_A_URL: veoA.baseUrl,
      UPSTREAM_VEO_A_API_KEY: veoA.apiKey,
      UPSTREAM_VEO_B_URL: veoB.baseUrl,
      UPSTREAM_VEO_B_API_KEY: veoB.apiKey,
      UPSTREAM_REP_URL: replicate.url,
      UPSTREAM_REP_API_KEY: replicate.apiToken,
      UPSTREAM_REP_WEBHOOK_SECRET: replicate.webhookSecret,
    });
    account = await engine.createAccount(db(), { email: `routes-${Date.now()}@example.test` });
    await engine.creditAccount(db(), {
      accountId: account.id,
      amountMicros: 1_000_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
  });

  // Other suites share the database: leave no generation of ours processing (their ETAs would move).
  afterEach(async () => {
    const left = await db().generation.findMany({ where: { accountId: account.id, status: "processing" }, select: { id: true } });
    for (const { id } of left) await engine.failGeneration(db(), id, "upstream_error", "test cleanup");
  });

  afterAll(async () => {
    await Promise.all([veoA?.close(), veoB?.close(), replicate?.close()]);
    await engine?.stopBoss();
  });

  /** A model of its own (tests run in parallel on one database), with the given routes in order. */
  async function modelWith(
    routes: { provider: string; upstreamModel?: string; credentials?: string; maxConcurrency?: number }[],
  ) {
    const id = `routes-${newId("rte").slice(4, 14)}`;
    const model = await db().catalogModel.create({
      data: {
        id,
        purpose: "route runner test",
        purposeRu: "route runner test (ru)",
        priceMicrosPerSecond: PRICE,
        rateLimitQps: 1000,
        minChargeSeconds: 2,
        queue: "standard",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 8,
      },
    });
    const rows = [];
    for (const [position, r] of routes.entries()) {
      rows.push(
        await db().modelRoute.create({
          data: {
            id: newId("rte"),
            modelId: id,
            position,
            provider: r.provider,
            upstreamModel: r.upstreamModel ?? null,
            credentials: r.credentials ?? null,
            maxConcurrency: r.maxConcurrency ?? 10,
            costMicrosPerSecond: 40_000n,
          },
        }),
      );
    }
    return { model, routes: rows };
  }

  function create(model: CatalogModel, duration = 8): Promise<Generation> {
    return engine.createGeneration(db(), {
      account,
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "a paper boat on a rainy street", duration, size: "720p" },
    });
  }

  /** Runs the generation's steps as the queue would, until it needs nothing more. */
  async function drive(id: string, maxSteps = 300) {
    for (let i = 0; i < maxSteps; i++) {
      const next = await engine.processGeneration(db(), id);
      if (next.done) return db().generation.findUniqueOrThrow({ where: { id } });
      await new Promise((r) => setTimeout(r, Math.min(next.afterMs, 20)));
    }
    throw new Error(`generation ${id} still running after ${maxSteps} steps`);
  }

  const ledgerOf = async (id: string) =>
    (await db().ledgerEntry.findMany({ where: { generationId: id }, orderBy: { createdAt: "asc" } })).map((e) => [
      e.type,
      e.amountMicros,
    ]);
  const attemptsOf = async (id: string) =>
    (await db().routeAttempt.findMany({ where: { generationId: id }, orderBy: { startedAt: "asc" } })).map((a) => [
      a.routeId,
      a.outcome,
    ]);

  it("fails over from a route that refuses the submit to the next one, and charges once", async () => {
    const { model, routes } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-a" },
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b" },
    ]);
    veoA.fail("submit", "unavailable", 1);
    const gen = await create(model);
    const done = await drive(gen.id);

    expect(done.status).toBe("completed");
    expect(veoA.jobs.size).toBe(0);
    expect(await attemptsOf(gen.id)).toEqual([
      [routes[0]?.id, "failed_over"],
      [routes[1]?.id, "completed"],
    ]);
    expect(await ledgerOf(gen.id)).toEqual([
      ["hold", -8n * PRICE],
      ["hold_release", 8n * PRICE],
      ["charge", -8n * PRICE],
    ]);
    expect(done.upstreamCostMicros).toBe(8n * 40_000n);
    const first = await db().modelRoute.findUniqueOrThrow({ where: { id: routes[0]?.id } });
    expect(first.consecutiveFailures).toBe(1);
  });

  it("bills what was delivered: 6 s of a requested 8 s are 6 s", async () => {
    const { model } = await modelWith([{ provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b" }]);
    veoB.nextJob({ outputSeconds: 6 });
    const gen = await create(model, 8);
    const done = await drive(gen.id);

    expect(done.status).toBe("completed");
    expect(outputsOf(done).map((o) => o.delivered_ms)).toEqual([6000]);
    expect(done.billedSeconds).toBe(6);
    expect(done.costMicros).toBe(6n * PRICE);
    expect(await ledgerOf(gen.id)).toEqual([
      ["hold", -8n * PRICE],
      ["hold_release", 8n * PRICE],
      ["charge", -6n * PRICE],
    ]);
  });

  it("after a crash between submit and saving the upstream id, never submits again and charges once", async () => {
    const { model, routes } = await modelWith([{ provider: "replicate", upstreamModel: "google/veo-3.1", credentials: "rep" }]);
    const gen = await create(model);
    replicate.reset();
    await engine.processGeneration(db(), gen.id);
    expect(replicate.creates).toHaveLength(1);
    // What the database holds when the process died after the submit, before saving its answer.
    const submitted = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    const upstreamId = submitted.upstreamTaskId ?? "";
    await db().generation.update({
      where: { id: gen.id },
      data: { upstreamTaskId: null, outcomeUnknownSince: new Date(), reconcileBy: new Date(Date.now() + 600_000) },
    });
    await db().routeAttempt.updateMany({ where: { generationId: gen.id }, data: { acceptedAt: null, upstreamId: null } });

    for (let i = 0; i < 3; i++) expect((await engine.processGeneration(db(), gen.id)).done).toBe(false);
    expect(replicate.creates).toHaveLength(1);
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).status).toBe("processing");

    // The provider's webhook names the job; the runner follows it to the end.
    const call = replicate.webhook(upstreamId);
    expect(await engine.receiveUpstreamCallback(db(), routes[0]?.id ?? "", gen.id, call.headers, call.body)).toBe("accepted");
    const done = await drive(gen.id);
    expect(done.status).toBe("completed");
    expect(replicate.creates).toHaveLength(1);
    expect((await ledgerOf(gen.id)).filter(([type]) => type === "charge")).toHaveLength(1);
  });

  it("releases the hold once the outcome stays unknown past the deadline, and records a later success for staff", async () => {
    const { model, routes } = await modelWith([{ provider: "replicate", upstreamModel: "google/veo-3.1", credentials: "rep" }]);
    const gen = await create(model);
    replicate.reset();
    await engine.processGeneration(db(), gen.id);
    const upstreamId = (await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).upstreamTaskId ?? "";
    await db().generation.update({
      where: { id: gen.id },
      data: {
        upstreamTaskId: null,
        outcomeUnknownSince: new Date(Date.now() - 60_000),
        reconcileBy: new Date(Date.now() - 1000),
      },
    });
    await db().routeAttempt.updateMany({ where: { generationId: gen.id }, data: { acceptedAt: null, upstreamId: null } });

    const failed = await drive(gen.id);
    expect(failed.status).toBe("failed");
    expect(failed.errorCode).toBe("upstream_error");
    expect(await ledgerOf(gen.id)).toEqual([
      ["hold", -8n * PRICE],
      ["hold_release", 8n * PRICE],
    ]);
    expect(await attemptsOf(gen.id)).toEqual([[routes[0]?.id, "abandoned"]]);

    const job = replicate.jobs.get(upstreamId);
    if (job) job.polls = 100;
    const call = replicate.webhook(upstreamId);
    expect(await engine.receiveUpstreamCallback(db(), routes[0]?.id ?? "", gen.id, call.headers, call.body)).toBe("accepted");
    const after = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    expect(after.status).toBe("failed");
    expect(after.lateSuccessAt).not.toBeNull();
    expect(await attemptsOf(gen.id)).toEqual([[routes[0]?.id, "late_success"]]);
    expect(await ledgerOf(gen.id)).toHaveLength(2);
  });

  it("refuses at acceptance, before any hold, what no route of the model can produce", async () => {
    const { model } = await modelWith([{ provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b" }]);
    const before = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    const refused = await create(model, 5).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: "unsupported_by_model", param: "duration" });
    expect((refused as Error).message).toContain("durations 4, 6, 8 s");
    const after = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.balanceMicros).toBe(before.balanceMicros);

    // A model whose only route has no credentials configured is our failure: 503, retry later.
    const { model: unconfigured } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "nowhere" },
    ]);
    expect(await create(unconfigured).catch((err: unknown) => err)).toMatchObject({ code: "service_unavailable" });
  });

  it("refuses a request breaking Veo 3.1's rule (1080p only at 8 s) before any hold, naming the rule", async () => {
    const { model } = await modelWith([{ provider: "veo", upstreamModel: "veo-3.1-generate-preview", credentials: "veo-a" }]);
    const wide = await db().catalogModel.update({ where: { id: model.id }, data: { sizes: ["720p", "1080p"] } });
    const before = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    const ledgerBefore = await db().ledgerEntry.count({ where: { accountId: account.id } });
    const refused = await engine
      .createGeneration(db(), {
        account,
        apiKeyId: null,
        model: wide,
        body: { model: wide.id, prompt: "a paper boat on a rainy street", duration: 6, size: "1080p" },
      })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: "unsupported_by_model", param: "duration" });
    expect((refused as Error).message).toContain("1080p only at 8 s");
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(before.balanceMicros);
    expect(await db().ledgerEntry.count({ where: { accountId: account.id } })).toBe(ledgerBefore);
    expect(await db().generation.count({ where: { modelId: wide.id } })).toBe(0);

    // A sound track on a route that cannot make one is refused the same way, naming the parameter.
    const { model: silent } = await modelWith([
      { provider: "replicate", upstreamModel: "minimax/hailuo-02", credentials: "rep" },
    ]);
    const audible = await db().catalogModel.update({
      where: { id: silent.id },
      data: { sizes: ["1080p"], supportsAudio: true },
    });
    const noSound = await engine
      .createGeneration(db(), {
        account,
        apiKeyId: null,
        model: audible,
        body: { model: audible.id, prompt: "waves", duration: 6, generateAudio: true },
      })
      .catch((err: unknown) => err);
    expect(noSound).toMatchObject({ code: "unsupported_by_model", param: "generateAudio" });
  });

  it("skips a route whose rules refuse the request and serves it on the next one that accepts it", async () => {
    const { model, routes } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.1-generate-preview", credentials: "veo-a" },
      { provider: "replicate", upstreamModel: "google/veo-3.1", credentials: "rep" },
    ]);
    const wide = await db().catalogModel.update({ where: { id: model.id }, data: { sizes: ["720p", "1080p"] } });
    const gen = await engine.createGeneration(db(), {
      account,
      apiKeyId: null,
      model: wide,
      body: { model: wide.id, prompt: "a paper boat on a rainy street", duration: 6, size: "1080p", negativePrompt: "fog" },
    });
    const done = await drive(gen.id);
    expect(done.status).toBe("completed");
    expect(veoA.jobs.size).toBe(0);
    expect(await attemptsOf(gen.id)).toEqual([[routes[1]?.id, "completed"]]);
    // Held for the 6 s asked; charged for the fake's delivered clip (2 s, the model's minimum charge).
    expect(await ledgerOf(gen.id)).toEqual([
      ["hold", -6n * PRICE],
      ["hold_release", 6n * PRICE],
      ["charge", -2n * PRICE],
    ]);
  });

  it("waits, without failing over or spinning, when a route's credentials go while its job runs upstream", async () => {
    const { model, routes } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-a" },
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b" },
    ]);
    const gen = await create(model);
    expect((await engine.processGeneration(db(), gen.id)).done).toBe(false);
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).upstreamTaskId).not.toBeNull();

    const url = process.env.UPSTREAM_VEO_A_URL;
    delete process.env.UPSTREAM_VEO_A_URL;
    try {
      const next = await engine.processGeneration(db(), gen.id);
      expect(next.done).toBe(false);
      expect(next.done ? 0 : next.afterMs).toBeGreaterThan(0);
      expect(await attemptsOf(gen.id)).toEqual([[routes[0]?.id, null]]);
    } finally {
      process.env.UPSTREAM_VEO_A_URL = url;
    }
    // The credentials are back: the same job is followed to the end, on the same route.
    const done = await drive(gen.id);
    expect(done.status).toBe("completed");
    expect(await attemptsOf(gen.id)).toEqual([[routes[0]?.id, "completed"]]);
  });

  it("refuses a forged callback", async () => {
    const { model, routes } = await modelWith([{ provider: "replicate", upstreamModel: "google/veo-3.1", credentials: "rep" }]);
    const gen = await create(model);
    await engine.processGeneration(db(), gen.id);
    const upstreamId = (await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).upstreamTaskId ?? "";
    const call = replicate.webhook(upstreamId, { secret: "whsec_bm90LXRoZS1yaWdodC1zZWNyZXQtYXQtYWxsIQ==" });
    expect(await engine.receiveUpstreamCallback(db(), routes[0]?.id ?? "", gen.id, call.headers, call.body)).toBe("forged");
    const tampered = replicate.webhook(upstreamId);
    const body = Buffer.from(tampered.body.toString().replace('"starting"', '"succeeded"'));
    expect(await engine.receiveUpstreamCallback(db(), routes[0]?.id ?? "", gen.id, tampered.headers, body)).toBe("forged");
    expect(await engine.receiveUpstreamCallback(db(), "rte_unknown", gen.id, tampered.headers, tampered.body)).toBe("not_found");
  });

  it("makes jobs wait while every route is at its limit, and gives the slot to the one that waited longest", async () => {
    const { model, routes } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b", maxConcurrency: 1 },
    ]);
    const [g1, g2, g3] = [await create(model), await create(model), await create(model)];
    if (!g1 || !g2 || !g3) throw new Error("not created");
    expect((await engine.processGeneration(db(), g1.id)).done).toBe(false);
    // g2 and g3 find the only slot taken: they wait, nothing fails.
    expect((await engine.processGeneration(db(), g2.id)).done).toBe(false);
    expect((await engine.processGeneration(db(), g3.id)).done).toBe(false);
    // In queue order (an unordered read may come back either way).
    const waiting = await db().generation.findMany({ where: { id: { in: [g2.id, g3.id] } }, orderBy: { createdAt: "asc" } });
    expect(waiting.map((g) => [g.status, g.routeId, g.waitingSince !== null])).toEqual([
      ["processing", null, true],
      ["processing", null, true],
    ]);
    // Their ETAs include the wait for the route's one slot, in queue order: each waits for the
    // jobs ahead of it on this model (the workers alone would start all three at once).
    await new Promise((r) => setTimeout(r, 1_100)); // past the shared one-second queue read
    const [r2, r3] = await engine.recordsOf(db(), waiting);
    const expected = 1.5 + 8 * 0.35; // no history for this model yet: eta-math's default for 8 s of 720p
    expect(r2?.eta_seconds).toBeGreaterThan(Math.ceil(expected) + 1);
    expect(r3?.eta_seconds).toBeGreaterThanOrEqual((r2?.eta_seconds ?? 0) + Math.floor(expected));
    // Their places on the model's queue (g1 holds the slot): next, then after it.
    expect([r2?.queue_position, r3?.queue_position]).toEqual([1, 2]);
    const jobsOf = async (id: string) =>
      (await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'generationId' = ${id}`)[0]?.n;
    const [before2, before3] = [await jobsOf(g2.id), await jobsOf(g3.id)];
    await drive(g1.id);
    // The freed slot wakes the generation that has waited longest, and only that one.
    expect(await jobsOf(g2.id)).toBe((before2 ?? 0n) + 1n);
    expect(await jobsOf(g3.id)).toBe(before3);
    // g3 asks first once the slot is free, but g2 has waited longer.
    expect((await engine.processGeneration(db(), g3.id)).done).toBe(false);
    expect((await db().generation.findUniqueOrThrow({ where: { id: g3.id } })).routeId).toBeNull();
    expect((await engine.processGeneration(db(), g2.id)).done).toBe(false);
    expect((await db().generation.findUniqueOrThrow({ where: { id: g2.id } })).routeId).toBe(routes[0]?.id);
    expect((await drive(g2.id)).status).toBe("completed");
    expect((await drive(g3.id)).status).toBe("completed");
  });

  it("takes a failing route out after three failures, then lets one job probe it back", async () => {
    const { model, routes } = await modelWith([
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-a" },
      { provider: "veo", upstreamModel: "veo-3.0-generate-001", credentials: "veo-b" },
    ]);
    const [bad, good] = [routes[0]?.id, routes[1]?.id];
    veoA.fail("submit", "server_error", 3);
    for (let i = 0; i < 3; i++) expect((await drive((await create(model)).id)).status).toBe("completed");
    const open = await db().modelRoute.findUniqueOrThrow({ where: { id: bad } });
    expect(open.breakerState).toBe("open");

    const skipped = await create(model);
    await drive(skipped.id);
    expect(await attemptsOf(skipped.id)).toEqual([[good, "completed"]]);

    // The cooldown is over: the next job probes the route, succeeds there and closes the breaker.
    await db().modelRoute.update({ where: { id: bad }, data: { breakerRetryAt: new Date(Date.now() - 1000) } });
    const probe = await create(model);
    await drive(probe.id);
    expect(await attemptsOf(probe.id)).toEqual([[bad, "completed"]]);
    const closed = await db().modelRoute.findUniqueOrThrow({ where: { id: bad } });
    expect([closed.breakerState, closed.consecutiveFailures]).toEqual(["closed", 0]);
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/generations/upstream-callbacks")),
    ...(await import("../src/platform/queue")),
  };
}
