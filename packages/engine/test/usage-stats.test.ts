import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, newId, type Db } from "@vgen/db";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("usage statistics from recorded rows", () => {
  let db: Db;
  let usage: typeof import("../src/billing/usage-stats");
  // A fixed "now" so days are known: 2026-11-21 15:00 UTC.
  const now = new Date("2026-11-21T15:00:00Z");
  const today = "2026-11-21";
  const yesterday = "2026-11-20";
  let accountId: string;
  let otherId: string;
  let keyA: string;
  let keyB: string;

  const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);

  async function request(o: {
    account?: string;
    key?: string | null;
    model?: string | null;
    status: number;
    code?: string | null;
    ms: number;
    day: string;
    path?: string;
    method?: string;
  }) {
    const id = newId("request");
    await db.requestLog.create({
      data: {
        id,
        requestId: id,
        accountId: o.account ?? accountId,
        apiKeyId: o.key === undefined ? keyA : o.key,
        modelId: o.model === undefined ? "gen-3.1-fast" : o.model,
        method: o.method ?? "POST",
        path: o.path ?? "/api/v1/videos/generations",
        status: o.status,
        errorCode: o.code ?? null,
        latencyMs: o.ms,
        createdAt: at(o.day),
      },
    });
  }

  async function generation(o: {
    account?: string;
    key?: string | null;
    model?: string;
    status: "processing" | "completed" | "failed" | "canceled";
    billed: number;
    cost: bigint;
    day: string;
  }) {
    await db.generation.create({
      data: {
        id: newId("generation"),
        accountId: o.account ?? accountId,
        apiKeyId: o.key === undefined ? keyA : o.key,
        modelId: o.model ?? "gen-3.1-fast",
        status: o.status,
        prompt: "p",
        duration: o.billed,
        size: "720p",
        aspectRatio: "16:9",
        width: 1280,
        height: 720,
        urls: [],
        priceMicrosPerSecond: 150_000n,
        billedSeconds: o.billed,
        costMicros: o.cost,
        queue: "standard",
        seed: 1,
        etaSecondsAtAccept: 10,
        createdAt: at(o.day),
      },
    });
  }

  beforeAll(async () => {
    await applyMigrations(url!);
    db = createDb(url!, 2);
    await seedCatalog(db);
    usage = await import("../src/billing/usage-stats");
    const { createAccount, issueApiKey } = await import("../src/accounts/index");
    const account = await createAccount(db, { email: `usage-${Date.now()}@example.test` });
    const other = await createAccount(db, { email: `usage-other-${Date.now()}@example.test` });
    accountId = account.id;
    otherId = other.id;
    keyA = (await issueApiKey(db, accountId, "A")).record.id;
    keyB = (await issueApiKey(db, accountId, "B")).record.id;

    // Today, key A, gen-3.1-fast: latencies 10..100 ms (10 requests): 8 accepted, 1 invalid_parameter, 1 rate_limited.
    for (let i = 1; i <= 10; i++) {
      const status = i === 9 ? 400 : i === 10 ? 429 : 202;
      const code = i === 9 ? "invalid_parameter" : i === 10 ? "rate_limited" : null;
      await request({ status, code, ms: i * 10, day: today });
    }
    // Today, key B, gen-3.1-pro: 2 accepted (200 = stream), 1 insufficient_balance.
    await request({ key: keyB, model: "gen-3.1-pro", status: 200, ms: 300, day: today });
    await request({ key: keyB, model: "gen-3.1-pro", status: 200, ms: 500, day: today });
    await request({ key: keyB, model: "gen-3.1-pro", status: 402, code: "insufficient_balance", ms: 100, day: today });
    // Today, a body that failed validation before a model was known.
    await request({ model: null, status: 400, code: "invalid_json", ms: 5, day: today });
    // Yesterday, key A: 1 accepted.
    await request({ status: 202, ms: 40, day: yesterday });
    // Not counted: other paths, another account, outside the window.
    await request({ method: "GET", path: "/api/v1/models", status: 200, ms: 1, day: today, model: null });
    await request({
      method: "POST",
      path: "/api/v1/videos/result",
      status: 404,
      code: "generation_not_found",
      ms: 1,
      day: today,
      model: null,
    });
    await request({ account: otherId, key: null, status: 202, ms: 9999, day: today });
    await request({ status: 202, ms: 9999, day: "2026-11-14" });

    // Generations today: key A fast: 5 completed (4 s, $0.600), 1 failed, 1 canceled, 1 processing.
    for (let i = 0; i < 5; i++) await generation({ status: "completed", billed: 4, cost: 600_000n, day: today });
    await generation({ status: "failed", billed: 4, cost: 600_000n, day: today });
    await generation({ status: "canceled", billed: 4, cost: 600_000n, day: today });
    await generation({ status: "processing", billed: 4, cost: 600_000n, day: today });
    // key B pro: 2 completed, 8 s each = $3.840.
    await generation({ key: keyB, model: "gen-3.1-pro", status: "completed", billed: 8, cost: 3_840_000n, day: today });
    await generation({ key: keyB, model: "gen-3.1-pro", status: "completed", billed: 8, cost: 3_840_000n, day: today });
    // Yesterday: 1 completed fast.
    await generation({ status: "completed", billed: 5, cost: 750_000n, day: yesterday });
    // Not counted: another account; outside the 7-day window.
    await generation({ account: otherId, key: null, status: "completed", billed: 8, cost: 9_999_999n, day: today });
    await generation({ status: "completed", billed: 8, cost: 9_999_999n, day: "2026-11-14" });
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  it("window: 7 calendar days ending today (UTC)", () => {
    const w = usage.usageWindow(7, now);
    expect(w.from.toISOString()).toBe("2026-11-15T00:00:00.000Z");
    expect(w.to.toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("totals, per day, per model and per key match the inserted rows", async () => {
    const s = await usage.usageStats(db, { accountId, days: 7, now });
    expect(s.days.map((d) => d.day)).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
    ]);

    expect(s.totals).toMatchObject({
      requests: 15,
      accepted: 11,
      refused: 4,
      refusedByCode: { invalid_parameter: 1, rate_limited: 1, insufficient_balance: 1, invalid_json: 1 },
      completed: 8,
      failed: 1,
      canceled: 1,
      processing: 1,
      billedSeconds: 5 * 4 + 2 * 8 + 5,
      spendMicros: 5n * 600_000n + 2n * 3_840_000n + 750_000n,
    });

    const t = s.days.find((d) => d.day === today)!;
    expect(t).toMatchObject({
      requests: 14,
      accepted: 10,
      refused: 4,
      completed: 7,
      failed: 1,
      billedSeconds: 36,
      spendMicros: 10_680_000n,
    });
    // Latencies today: 5,10,20,...,100,100,300,500 (14 values). percentile_cont interpolates.
    const todayLatencies = [5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 300, 500];
    expect(t.latencyP50Ms).toBe(Math.round(cont(todayLatencies, 0.5)));
    expect(t.latencyP95Ms).toBe(Math.round(cont(todayLatencies, 0.95)));
    const y = s.days.find((d) => d.day === yesterday)!;
    expect(y).toMatchObject({
      requests: 1,
      accepted: 1,
      refused: 0,
      completed: 1,
      billedSeconds: 5,
      spendMicros: 750_000n,
      latencyP50Ms: 40,
      latencyP95Ms: 40,
    });
    const empty = s.days.find((d) => d.day === "2026-11-15")!;
    expect(empty).toMatchObject({ requests: 0, completed: 0, spendMicros: 0n, latencyP50Ms: null });

    const fast = s.byModel.find((m) => m.id === "gen-3.1-fast")!;
    expect(fast).toMatchObject({
      requests: 11,
      accepted: 9,
      refused: 2,
      refusedByCode: { invalid_parameter: 1, rate_limited: 1 },
      completed: 6,
      failed: 1,
      canceled: 1,
      billedSeconds: 25,
      spendMicros: 3_750_000n,
    });
    expect(fast.latencyP50Ms).toBe(Math.round(cont([10, 20, 30, 40, 40, 50, 60, 70, 80, 90, 100], 0.5)));
    const pro = s.byModel.find((m) => m.id === "gen-3.1-pro")!;
    expect(pro).toMatchObject({
      requests: 3,
      accepted: 2,
      refused: 1,
      refusedByCode: { insufficient_balance: 1 },
      completed: 2,
      billedSeconds: 16,
      spendMicros: 7_680_000n,
      latencyP50Ms: 300,
    });
    expect(pro.latencyP95Ms).toBe(Math.round(cont([100, 300, 500], 0.95)));
    const noModel = s.byModel.find((m) => m.id === null)!;
    expect(noModel).toMatchObject({ requests: 1, refused: 1, refusedByCode: { invalid_json: 1 } });

    const a = s.byKey.find((k) => k.id === keyA)!;
    expect(a).toMatchObject({ requests: 12, accepted: 9, refused: 3, completed: 6, spendMicros: 3_750_000n });
    const b = s.byKey.find((k) => k.id === keyB)!;
    expect(b).toMatchObject({ requests: 3, accepted: 2, refused: 1, completed: 2, spendMicros: 7_680_000n });
  });

  it("filters by model and by key; the 30-day window takes in older rows", async () => {
    const pro = await usage.usageStats(db, { accountId, days: 7, now, modelId: "gen-3.1-pro" });
    expect(pro.totals).toMatchObject({ requests: 3, completed: 2, spendMicros: 7_680_000n });
    const b = await usage.usageStats(db, { accountId, days: 7, now, apiKeyId: keyB });
    expect(b.totals).toMatchObject({ requests: 3, accepted: 2, completed: 2 });
    const month = await usage.usageStats(db, { accountId, days: 30, now });
    expect(month.days).toHaveLength(30);
    expect(month.totals).toMatchObject({ requests: 16, completed: 9, spendMicros: 11_430_000n + 9_999_999n });
  });

  it("another account sees only its own rows", async () => {
    const s = await usage.usageStats(db, { accountId: otherId, days: 7, now });
    expect(s.totals).toMatchObject({ requests: 1, accepted: 1, completed: 1, spendMicros: 9_999_999n, latencyP50Ms: 9999 });
  });
});

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function cont(values: number[], p: number): number {
  const v = [...values].sort((x, y) => x - y);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo]! + (v[hi]! - v[lo]!) * (pos - lo);
}
