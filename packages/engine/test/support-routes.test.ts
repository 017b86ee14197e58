// Provider routes in the staff console: adding, editing, reordering, removing and resetting routes
// (each audited), and the per model and per route figures, whose money must equal the ledger's.
import type { Account, CatalogModel, Generation, ModelRoute } from "@vgen/db";
import { newId } from "@vgen/db";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteFigures } from "../src/support/index";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { recordStoredOutput } from "../src/storage/outputs";

const PRICE = 100_000n; // $0.10 per second

describe.skipIf(!testDatabaseUrl)("support console: routes", () => {
  const db = useTestDb(6);
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let customer: Account;
  let staff: Account;

  async function loadEngine() {
    const [support, generations, accounts, billing, routeSlot, breaker] = await Promise.all([
      import("../src/support/index"),
      import("../src/generations/index"),
      import("../src/accounts/index"),
      import("../src/billing/index"),
      import("../src/generations/route-slot"),
      import("../src/providers/breaker"),
    ]);
    return { ...support, ...generations, ...accounts, ...billing, ...routeSlot, ...breaker };
  }

  beforeAll(async () => {
    engine = await loadEngine();
    const t = newId("acct").slice(5, 15).toLowerCase();
    customer = await engine.createAccount(db(), { email: `routes-customer-${t}@example.test` });
    staff = await engine.createAccount(db(), { email: `routes-staff-${t}@example.test`, role: "admin" });
    await engine.creditAccount(db(), {
      accountId: customer.id,
      amountMicros: 100_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
  });

  /** A model of its own (suites share the database) served by the local renderer, as seeded models are. */
  async function newModel(): Promise<CatalogModel> {
    const id = `console-${newId("rte").slice(4, 14).toLowerCase()}`;
    const model = await db().catalogModel.create({
      data: {
        id,
        purpose: "console routes test",
        purposeRu: "console routes test (ru)",
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
    await db().modelRoute.create({
      data: { id: newId("rte"), modelId: id, position: 100, provider: "local", maxConcurrency: 1000 },
    });
    return model;
  }

  const veo = (credentials: string, extra: Partial<{ position: number; costMicrosPerSecond: bigint }> = {}) => ({
    provider: "veo",
    upstreamModel: "veo-3.0-generate-001",
    credentials,
    maxConcurrency: 20,
    costMicrosPerSecond: 40_000n,
    ...extra,
  });

  const auditRows = (targetId: string, action: string) =>
    db().auditLog.findMany({ where: { targetId, action }, orderBy: { createdAt: "asc" } });

  async function routesOf(modelId: string) {
    const listed = await engine.listRoutesForStaff(db());
    const model = listed.models.find((m) => m.id === modelId);
    if (!model) throw new Error(`model ${modelId} not listed`);
    return model.routes;
  }

  it("adds a route with its fields checked and an audit row; shows whether its credentials are configured", async () => {
    const model = await newModel();
    const add = (route: Parameters<typeof engine.addRoute>[1]["route"]) =>
      engine.addRoute(db(), { modelId: model.id, actorId: staff.id, route });
    await expect(add({ ...veo("console-a"), provider: "sora" })).rejects.toMatchObject({
      code: "invalid_parameter",
      param: "provider",
      status: 400,
    });
    await expect(add({ ...veo("console-a"), upstreamModel: null })).rejects.toMatchObject({
      code: "invalid_parameter",
      param: "upstreamModel",
    });
    await expect(add({ ...veo("console-a"), credentials: " " })).rejects.toMatchObject({ param: "credentials" });
    await expect(add(veo("bad name"))).rejects.toMatchObject({ param: "credentials" });
    await expect(add({ ...veo("console-a"), maxConcurrency: 0 })).rejects.toMatchObject({ param: "maxConcurrency" });
    await expect(add({ ...veo("console-a"), costMicrosPerSecond: -1n })).rejects.toMatchObject({
      param: "costMicrosPerSecond",
    });
    await expect(
      engine.addRoute(db(), { modelId: "console-missing", actorId: staff.id, route: veo("console-a") }),
    ).rejects.toMatchObject({ code: "resource_not_found", status: 404 });
    expect(await db().modelRoute.count({ where: { modelId: model.id } })).toBe(1);

    // An upstream route goes before the local renderer, after the other upstream routes.
    const first = await add({ ...veo("console-a"), upstreamModel: "  veo-3.0-generate-001 " });
    const second = await add(veo("console-b"));
    expect([first.position, second.position]).toEqual([0, 1]);
    expect(first).toMatchObject({ upstreamModel: "veo-3.0-generate-001", credentials: "console-a", enabled: true });
    // A local route keeps no upstream model or credentials, whatever the form sent.
    const local = await add({
      provider: "local",
      upstreamModel: "x",
      credentials: "y",
      maxConcurrency: 5,
      costMicrosPerSecond: 0n,
    });
    expect(local).toMatchObject({ position: 101, upstreamModel: null, credentials: null });

    const [created] = await auditRows(first.id, "route.create");
    expect(created).toMatchObject({ actorId: staff.id, targetAccountId: null });
    expect(created?.details).toMatchObject({
      modelId: model.id,
      provider: "veo",
      credentials: "console-a",
      costMicrosPerSecond: "$0.040",
    });

    let listed = await routesOf(model.id);
    expect(listed.map((r) => r.id)).toEqual([first.id, second.id, listed[2]?.id, local.id]);
    expect(listed[0]).toMatchObject({ configured: false, envPrefix: "UPSTREAM_CONSOLE_A_", busy: 0, breakerState: "closed" });
    expect(listed[2]).toMatchObject({ provider: "local", configured: true, envPrefix: null });
    process.env.UPSTREAM_CONSOLE_A_URL = "http://127.0.0.1:9/veo";
    try {
      listed = await routesOf(model.id);
      expect(listed[0]?.configured).toBe(true);
      expect(listed[1]?.configured).toBe(false);
    } finally {
      delete process.env.UPSTREAM_CONSOLE_A_URL;
    }
  });

  it("edits, reorders and resets the breaker of routes, each with its audit row; refuses no-op edits", async () => {
    const model = await newModel();
    const route = await engine.addRoute(db(), { modelId: model.id, actorId: staff.id, route: veo("console-c") });
    const updated = await engine.updateRoute(db(), {
      routeId: route.id,
      actorId: staff.id,
      patch: { maxConcurrency: 3, costMicrosPerSecond: 55_000n, enabled: false },
      reason: "provider quota lowered",
    });
    expect(updated).toMatchObject({ maxConcurrency: 3, costMicrosPerSecond: 55_000n, enabled: false });
    const [edit] = await auditRows(route.id, "route.update");
    expect(edit?.details).toEqual({
      modelId: model.id,
      changes: {
        maxConcurrency: { from: 20, to: 3 },
        costMicrosPerSecond: { from: "$0.040", to: "$0.055" },
        enabled: { from: true, to: false },
      },
      reason: "provider quota lowered",
    });
    await expect(
      engine.updateRoute(db(), { routeId: route.id, actorId: staff.id, patch: { maxConcurrency: 3 } }),
    ).rejects.toMatchObject({ code: "action_not_allowed" });
    await expect(
      engine.updateRoute(db(), { routeId: route.id, actorId: staff.id, patch: { provider: "local" } }),
    ).resolves.toMatchObject({ provider: "local", upstreamModel: null, credentials: null });
    await expect(
      engine.updateRoute(db(), { routeId: route.id, actorId: staff.id, patch: { provider: "fal" } }),
    ).rejects.toMatchObject({ code: "invalid_parameter", param: "upstreamModel" });
    await expect(
      engine.updateRoute(db(), { routeId: "rte_missing", actorId: staff.id, patch: { enabled: true } }),
    ).rejects.toMatchObject({ code: "resource_not_found", status: 404 });
    expect(await auditRows(route.id, "route.update")).toHaveLength(2);

    // Reorder: every route once, in the new order.
    const ids = (await routesOf(model.id)).map((r) => r.id);
    await expect(engine.reorderRoutes(db(), { modelId: model.id, routeIds: [ids[0]!], actorId: staff.id })).rejects.toMatchObject(
      { code: "invalid_parameter", param: "routeIds" },
    );
    await expect(
      engine.reorderRoutes(db(), { modelId: model.id, routeIds: [ids[0]!, ids[0]!], actorId: staff.id }),
    ).rejects.toMatchObject({ code: "invalid_parameter" });
    const reversed = [...ids].reverse();
    await engine.reorderRoutes(db(), { modelId: model.id, routeIds: reversed, actorId: staff.id });
    expect((await routesOf(model.id)).map((r) => [r.id, r.position])).toEqual(reversed.map((id, i) => [id, i]));
    await expect(engine.reorderRoutes(db(), { modelId: model.id, routeIds: reversed, actorId: staff.id })).rejects.toMatchObject({
      code: "action_not_allowed",
    });
    expect((await auditRows(model.id, "route.reorder"))[0]?.details).toEqual({ from: ids, to: reversed });

    // The breaker: nothing to reset while closed; open after failures in a row, reset by hand.
    await expect(engine.resetRouteBreaker(db(), { routeId: route.id, actorId: staff.id })).rejects.toMatchObject({
      code: "action_not_allowed",
    });
    for (let i = 0; i < 3; i++) await engine.recordRouteFailure(db(), route.id, "503 from upstream");
    let [health] = (await routesOf(model.id)).filter((r) => r.id === route.id);
    expect(health).toMatchObject({
      breakerState: "open",
      consecutiveFailures: 3,
      lastError: "503 from upstream",
      probeDue: false,
    });
    expect(health?.breakerRetryAt).toBeInstanceOf(Date);
    await engine.resetRouteBreaker(db(), { routeId: route.id, actorId: staff.id, reason: "outage over" });
    [health] = (await routesOf(model.id)).filter((r) => r.id === route.id);
    expect(health).toMatchObject({ breakerState: "closed", consecutiveFailures: 0, breakerRetryAt: null });
    expect(health?.lastError).toBe("503 from upstream");
    const [reset] = await auditRows(route.id, "route.reset_breaker");
    expect(reset?.details).toMatchObject({ from: { state: "open", consecutiveFailures: 3 }, reason: "outage over" });
  });

  it("acceptance reports the refusal of the route now first, right after a reorder", async () => {
    process.env.UPSTREAM_CONSOLE_D_URL = "http://127.0.0.1:9/veo";
    try {
      const model = await db().catalogModel.create({
        data: {
          id: `console-${newId("rte").slice(4, 14).toLowerCase()}`,
          purpose: "console routes test",
          purposeRu: "console routes test (ru)",
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
      const veo3 = await engine.addRoute(db(), { modelId: model.id, actorId: staff.id, route: veo("console-d") });
      const veo2 = await engine.addRoute(db(), {
        modelId: model.id,
        actorId: staff.id,
        route: { ...veo("console-d"), upstreamModel: "veo-2.0-generate-001" },
      });
      const refusal = () => create(model, 7).catch((err: Error) => err.message);
      expect(await refusal()).toContain("durations 4, 6, 8 s");
      // Caches are bypassed until the process listens for invalidations; from then on this one is cached.
      const { invalidationFeed } = await import("../src/platform/hot-cache/invalidation");
      await expect.poll(() => invalidationFeed().live).toBe(true);
      expect(await refusal()).toContain("durations 4, 6, 8 s");
      await engine.reorderRoutes(db(), { modelId: model.id, routeIds: [veo2.id, veo3.id], actorId: staff.id });
      await expect.poll(refusal, { timeout: 5_000 }).toContain("durations 5, 6, 8 s");
    } finally {
      delete process.env.UPSTREAM_CONSOLE_D_URL;
    }
  });

  function create(model: CatalogModel, duration = 8): Promise<Generation> {
    return engine.createGeneration(db(), {
      account: customer,
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "a lighthouse at dusk", duration, size: "720p" },
    });
  }

  /** Takes the route's slot for the generation as the runner does (the route_attempts row included). */
  async function take(gen: Generation, route: ModelRoute): Promise<string> {
    const fresh = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    const choice = await engine.takeRoute(db(), fresh, [route]);
    if (choice.kind !== "taken") throw new Error(`route not taken: ${choice.kind}`);
    return choice.attemptId;
  }

  it("refuses removing a route with a generation processing on it, or changing its upstream; removes it once idle", async () => {
    const model = await newModel();
    const route = await engine.addRoute(db(), { modelId: model.id, actorId: staff.id, route: veo("console-d") });
    const gen = await create(model);
    await take(gen, route);
    expect((await routesOf(model.id)).find((r) => r.id === route.id)?.busy).toBe(1);
    await expect(engine.removeRoute(db(), { routeId: route.id, actorId: staff.id })).rejects.toMatchObject({
      code: "state_conflict",
      status: 409,
    });
    await expect(
      engine.updateRoute(db(), { routeId: route.id, actorId: staff.id, patch: { credentials: "console-e" } }),
    ).rejects.toMatchObject({ code: "state_conflict", param: "credentials" });
    // Its limit and whether it takes new jobs can change under running jobs.
    await engine.updateRoute(db(), { routeId: route.id, actorId: staff.id, patch: { enabled: false, maxConcurrency: 1 } });
    expect(await db().modelRoute.count({ where: { id: route.id } })).toBe(1);
    expect(await auditRows(route.id, "route.remove")).toHaveLength(0);

    await engine.failGeneration(db(), gen.id, "upstream_error", "test");
    await engine.removeRoute(db(), { routeId: route.id, actorId: staff.id, reason: "provider retired" });
    expect(await db().modelRoute.count({ where: { id: route.id } })).toBe(0);
    const [removed] = await auditRows(route.id, "route.remove");
    expect(removed?.details).toMatchObject({
      modelId: model.id,
      provider: "veo",
      credentials: "console-d",
      reason: "provider retired",
    });
    // The model's last route stays.
    const [last] = await routesOf(model.id);
    await expect(engine.removeRoute(db(), { routeId: last!.id, actorId: staff.id })).rejects.toMatchObject({
      code: "action_not_allowed",
    });
  });

  it("reports each model's and route's volume, outcomes and latency, and cost and margin equal to the ledger's", async () => {
    const model = await newModel();
    const a = await engine.addRoute(db(), { modelId: model.id, actorId: staff.id, route: veo("console-f") });
    const b = await engine.addRoute(db(), {
      modelId: model.id,
      actorId: staff.id,
      route: {
        provider: "fal",
        upstreamModel: "fal-ai/veo3",
        credentials: "console-g",
        maxConcurrency: 5,
        costMicrosPerSecond: 60_000n,
      },
    });
    const now = Date.now();
    /** Back-dates the attempt so it lasted `seconds` and ends now, as a finished attempt would read. */
    const lasted = (attemptId: string, seconds: number) =>
      db().routeAttempt.update({
        where: { id: attemptId },
        data: { startedAt: new Date(now - seconds * 1000), acceptedAt: new Date(now - seconds * 1000 + 500) },
      });
    /** What the runner does when the upstream's video arrives: cost from the delivered length, then completion. */
    async function deliver(gen: Generation, route: ModelRoute, attemptId: string, deliveredMs: number) {
      const upstreamCostMicros = (route.costMicrosPerSecond * BigInt(deliveredMs)) / 1000n;
      await db().generation.update({ where: { id: gen.id }, data: { upstreamCostMicros } });
      await recordStoredOutput(db(), gen.id, {
        index: 0,
        key: `${gen.id}.mp4`,
        poster_key: null,
        delivered_ms: deliveredMs,
        has_audio: false,
      });
      await engine.completeGeneration(db(), gen.id);
      await db().routeAttempt.update({
        where: { id: attemptId },
        data: { endedAt: new Date(now), outcome: "completed", deliveredMs, upstreamCostMicros },
      });
    }
    const end = (attemptId: string, outcome: string) =>
      db().routeAttempt.update({ where: { id: attemptId }, data: { endedAt: new Date(now), outcome } });

    // g1: route A, full length. g2: A refuses, B delivers 6 of 8 s, partly refunded. g3: A, fully refunded.
    // g4: B fails, then the upstream reports success late. g5: still running on A.
    const g1 = await create(model);
    await lasted(await take(g1, a), 10).then((att) => deliver(g1, a, att.id, 8_000));
    const g2 = await create(model);
    await end(await take(g2, a), "failed_over");
    await db().generation.update({ where: { id: g2.id }, data: { routeId: null, submitIntentAt: null } });
    await lasted(await take(g2, b), 20).then((att) => deliver(g2, b, att.id, 6_000));
    await engine.refundGeneration(db(), { generationId: g2.id, actorId: staff.id, reason: "short clip", amountMicros: 150_000n });
    const g3 = await create(model, 4);
    await lasted(await take(g3, a), 30).then((att) => deliver(g3, a, att.id, 4_000));
    await engine.refundGeneration(db(), { generationId: g3.id, actorId: staff.id, reason: "broken output" });
    const g4 = await create(model);
    const g4Attempt = await take(g4, b);
    await end(g4Attempt, "failed");
    await engine.failGeneration(db(), g4.id, "upstream_error", "provider failed");
    await db().generation.update({ where: { id: g4.id }, data: { lateSuccessAt: new Date() } });
    await db().routeAttempt.update({ where: { id: g4Attempt }, data: { outcome: "late_success" } });
    const g5 = await create(model);
    await take(g5, a);

    try {
      const stats = await engine.routeStats(db());
      const row = stats.models.find((m) => m.modelId === model.id);
      expect(row).toBeDefined();
      const byRoute = (id: string | null) => row!.routes.find((r) => r.routeId === id)!;
      const local = (await routesOf(model.id)).find((r) => r.provider === "local")!;
      expect(row!.routes.map((r) => r.routeId)).toEqual([a.id, b.id, local.id]);

      // The ledger's own sums, per generation set, computed here from ledger_entries.
      async function ledgerOf(ids: string[]) {
        const entries = await db().ledgerEntry.findMany({
          where: { generationId: { in: ids }, type: { in: ["charge", "refund"] } },
        });
        const charged = -entries.filter((e) => e.type === "charge").reduce((s, e) => s + e.amountMicros, 0n);
        const refunded = entries.filter((e) => e.type === "refund").reduce((s, e) => s + e.amountMicros, 0n);
        const gens = await db().generation.findMany({ where: { id: { in: ids } } });
        const cost = gens.reduce((s, g) => s + (g.upstreamCostMicros ?? 0n), 0n);
        return { charged, refunded, revenue: charged - refunded, cost, margin: charged - refunded - cost };
      }
      const money = (f: RouteFigures) => ({
        charged: f.chargedMicros,
        refunded: f.refundedMicros,
        revenue: f.revenueMicros,
        cost: f.upstreamCostMicros,
        margin: f.marginMicros,
      });
      const all = [g1, g2, g3, g4, g5].map((g) => g.id);
      expect(money(row!)).toEqual(await ledgerOf(all));
      expect(money(byRoute(a.id))).toEqual(await ledgerOf([g1.id, g3.id, g5.id]));
      expect(money(byRoute(b.id))).toEqual(await ledgerOf([g2.id, g4.id]));
      // The same figures by hand: 8 s and 6 s and 4 s billed at $0.10, refunds of $0.15 and $0.40;
      // upstream 8 s × $0.04 + 6 s × $0.06 + 4 s × $0.04.
      expect(money(row!)).toEqual({
        charged: 1_800_000n,
        refunded: 550_000n,
        revenue: 1_250_000n,
        cost: 840_000n,
        margin: 410_000n,
      });

      expect(row).toMatchObject({
        generations: 5,
        completed: 3,
        failed: 1,
        processing: 1,
        canceled: 0,
        lateSuccesses: 1,
        attempts: 6,
      });
      expect(byRoute(a.id)).toMatchObject({ attempts: 4, generations: 3, completed: 2, processing: 1, lateSuccesses: 0 });
      expect(byRoute(a.id).outcomes).toMatchObject({ completed: 2, failed_over: 1, in_flight: 1, failed: 0 });
      expect(byRoute(b.id)).toMatchObject({ attempts: 2, generations: 2, completed: 1, failed: 1, lateSuccesses: 1 });
      expect(byRoute(b.id).outcomes).toMatchObject({ completed: 1, late_success: 1, in_flight: 0 });
      expect(byRoute(local.id)).toMatchObject({ attempts: 0, generations: 0, revenueMicros: 0n, latencyP50Ms: null });
      // Completed attempts took 10 s and 30 s on A, 20 s on B (percentile_cont interpolates).
      expect([byRoute(a.id).latencyP50Ms, byRoute(a.id).latencyP95Ms]).toEqual([20_000, 29_000]);
      expect([byRoute(b.id).latencyP50Ms, byRoute(b.id).latencyP95Ms]).toEqual([20_000, 20_000]);
      expect([row!.latencyP50Ms, row!.latencyP95Ms]).toEqual([20_000, 29_000]);
      // The totals hold every model's figures, ours included.
      expect(stats.totals.revenueMicros).toBe(stats.models.reduce((s, m) => s + m.revenueMicros, 0n));
      expect(stats.totals.attempts).toBeGreaterThanOrEqual(6);

      // A period that holds none of these attempts counts none of them.
      const later = await engine.routeStats(db(), { from: new Date(now + 60_000), to: new Date(now + 120_000) });
      expect(later.models.find((m) => m.modelId === model.id)).toMatchObject({ attempts: 0, generations: 0, revenueMicros: 0n });
    } finally {
      // Other suites share the database: leave nothing of ours processing.
      await engine.failGeneration(db(), g5.id, "upstream_error", "test cleanup");
    }
  });
});
