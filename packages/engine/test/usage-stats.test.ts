import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, newId, type Db } from "@vgen/db";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("usage statistics from recorded rows", () => {
  let db: Db;
  let usage: typeof import("../src/billing/usage-stats");
  let statements: typeof import("../src/billing/statements");
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
    const id = newId("req");
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

  /**
   * A generation as the engine leaves it: a completed one is charged (by default a minute after it
   * was accepted) and may be refunded later; the ledger entries carry their own booking times.
   */
  async function generation(o: {
    account?: string;
    key?: string | null;
    model?: string;
    status: "processing" | "completed" | "failed" | "canceled";
    billed: number;
    cost: bigint;
    day: string;
    time?: string;
    chargedAt?: Date;
    refund?: { micros: bigint; at: Date };
    /** A concatenation of these generations (POST /api/v1/videos/concat): completed, $0. */
    concatOf?: string[];
  }) {
    const id = newId("vid");
    const createdAt = at(o.day, o.time);
    const account = o.account ?? accountId;
    await db.generation.create({
      data: {
        id,
        accountId: account,
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
        createdAt,
        concatOf: o.concatOf ?? [],
      },
    });
    const book = (type: "charge" | "refund", amountMicros: bigint, bookedAt: Date) =>
      db.ledgerEntry.create({
        data: {
          id: newId("led"),
          accountId: account,
          type,
          amountMicros,
          balanceAfterMicros: 0n,
          generationId: id,
          reference: id,
          createdAt: bookedAt,
        },
      });
    if (o.status === "completed") await book("charge", -o.cost, o.chargedAt ?? new Date(createdAt.getTime() + 60_000));
    if (o.refund) await book("refund", o.refund.micros, o.refund.at);
  }

  beforeAll(async () => {
    await applyMigrations(url!);
    db = createDb(url!, 2);
    await seedCatalog(db);
    usage = await import("../src/billing/usage-stats");
    statements = await import("../src/billing/statements");
    const { createAccount, issueApiKey } = await import("../src/accounts/index");
    const account = await createAccount(db, { email: `usage-${Date.now()}@example.test` });
    const other = await createAccount(db, { email: `usage-other-${Date.now()}@example.test` });
    accountId = account.id;
    otherId = other.id;
    keyA = (await issueApiKey(db, accountId, "A")).record.id;
    keyB = (await issueApiKey(db, accountId, "B")).record.id;

    // Today, key A, gen-3.1-fast: latencies 10..100 ms (10 requests): 8 accepted, 1 invalid_parameter,
    // 1 rate_limited; and an idempotent retry (15 ms) answered with one of the 8 again.
    for (let i = 1; i <= 10; i++) {
      const status = i === 9 ? 400 : i === 10 ? 429 : 202;
      const code = i === 9 ? "invalid_parameter" : i === 10 ? "rate_limited" : null;
      await request({ status, code, ms: i * 10, day: today });
    }
    await request({ status: 202, ms: 15, day: today });
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
    // Playground (no key), fast: 1 completed (4 s, $0.600), 1 failed; no API request behind them.
    await generation({ key: null, status: "completed", billed: 4, cost: 600_000n, day: today });
    await generation({ key: null, status: "failed", billed: 4, cost: 600_000n, day: today });
    // Yesterday: 1 completed fast, $0.250 of it refunded today.
    await generation({
      status: "completed",
      billed: 5,
      cost: 750_000n,
      day: yesterday,
      refund: { micros: 250_000n, at: at(today, "09:00:00") },
    });
    // Accepted before the window, charged on its first day: spend and seconds there, not accepted.
    await generation({
      status: "completed",
      billed: 8,
      cost: 1_200_000n,
      day: "2026-11-14",
      time: "23:59:00",
      chargedAt: at("2026-11-15", "00:01:00"),
    });
    // Not counted: a concatenation of two of today's clips (no generation request, nothing billed).
    const clips = await db.generation.findMany({ where: { accountId, status: "completed" }, take: 2, select: { id: true } });
    await generation({ status: "completed", billed: 0, cost: 0n, day: today, concatOf: clips.map((c) => c.id) });
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

    // Accepted: 8 (key A) + 2 (key B) + 2 (playground) today, 1 yesterday; the retry adds nothing.
    expect(s.totals).toMatchObject({
      requests: 13 + 4,
      accepted: 13,
      refused: 4,
      refusedByCode: { invalid_parameter: 1, rate_limited: 1, insufficient_balance: 1, invalid_json: 1 },
      completed: 9,
      failed: 2,
      canceled: 1,
      processing: 1,
      billedSeconds: 5 * 4 + 2 * 8 + 4 + 5 + 8,
      spendMicros: 5n * 600_000n + 2n * 3_840_000n + 600_000n + 750_000n + 1_200_000n - 250_000n,
    });

    const t = s.days.find((d) => d.day === today)!;
    expect(t).toMatchObject({
      requests: 16,
      accepted: 12,
      refused: 4,
      completed: 8,
      failed: 2,
      billedSeconds: 40,
      spendMicros: 3_000_000n + 7_680_000n + 600_000n - 250_000n,
    });
    // Latencies of today's API requests: 5,10,15,20,...,100,100,300,500. percentile_cont interpolates.
    const todayLatencies = [5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 300, 500];
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
    // The charge is booked on the window's first day; the generation was accepted the day before.
    const first = s.days.find((d) => d.day === "2026-11-15")!;
    expect(first).toMatchObject({
      requests: 0,
      accepted: 0,
      completed: 0,
      billedSeconds: 8,
      spendMicros: 1_200_000n,
      latencyP50Ms: null,
    });
    const empty = s.days.find((d) => d.day === "2026-11-16")!;
    expect(empty).toMatchObject({ requests: 0, completed: 0, spendMicros: 0n, latencyP50Ms: null });

    const fast = s.byModel.find((m) => m.id === "gen-3.1-fast")!;
    expect(fast).toMatchObject({
      requests: 13,
      accepted: 11,
      refused: 2,
      refusedByCode: { invalid_parameter: 1, rate_limited: 1 },
      completed: 7,
      failed: 2,
      canceled: 1,
      billedSeconds: 20 + 4 + 5 + 8,
      spendMicros: 3_000_000n + 600_000n + 750_000n + 1_200_000n - 250_000n,
    });
    expect(fast.latencyP50Ms).toBe(Math.round(cont([10, 15, 20, 30, 40, 40, 50, 60, 70, 80, 90, 100], 0.5)));
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
    expect(a).toMatchObject({ requests: 12, accepted: 9, refused: 3, completed: 6, spendMicros: 4_700_000n });
    const b = s.byKey.find((k) => k.id === keyB)!;
    expect(b).toMatchObject({ requests: 3, accepted: 2, refused: 1, completed: 2, spendMicros: 7_680_000n });
    // The playground's generations count once, as accepted requests without a key.
    const playground = s.byKey.find((k) => k.id === null)!;
    expect(playground).toMatchObject({
      requests: 2,
      accepted: 2,
      refused: 0,
      completed: 1,
      failed: 1,
      billedSeconds: 4,
      spendMicros: 600_000n,
      latencyP50Ms: null,
    });
  });

  it("filters by model and by key; the 30-day window takes in older rows", async () => {
    const pro = await usage.usageStats(db, { accountId, days: 7, now, modelId: "gen-3.1-pro" });
    expect(pro.totals).toMatchObject({ requests: 3, completed: 2, spendMicros: 7_680_000n });
    const b = await usage.usageStats(db, { accountId, days: 7, now, apiKeyId: keyB });
    expect(b.totals).toMatchObject({ requests: 3, accepted: 2, completed: 2 });
    const month = await usage.usageStats(db, { accountId, days: 30, now });
    expect(month.days).toHaveLength(30);
    expect(month.totals).toMatchObject({ requests: 19, accepted: 15, completed: 11, spendMicros: 12_980_000n + 9_999_999n });
  });

  it("another account sees only its own rows", async () => {
    const s = await usage.usageStats(db, { accountId: otherId, days: 7, now });
    expect(s.totals).toMatchObject({ requests: 1, accepted: 1, completed: 1, spendMicros: 9_999_999n, latencyP50Ms: 9999 });
    expect(s.byKey.map((k) => k.id)).toEqual([null]);
  });

  describe("reconciles with the ledger and the generations", () => {
    /** Charges less refunds per booking day (UTC), summed here from the ledger rows themselves. */
    async function ledgerSpendByDay(account: string, from: Date, to: Date) {
      const entries = await db.ledgerEntry.findMany({
        where: { accountId: account, type: { in: ["charge", "refund"] }, createdAt: { gte: from, lt: to } },
        select: { amountMicros: true, createdAt: true },
      });
      const byDay = new Map<string, bigint>();
      for (const e of entries) {
        const day = e.createdAt.toISOString().slice(0, 10);
        byDay.set(day, (byDay.get(day) ?? 0n) - e.amountMicros);
      }
      return byDay;
    }

    it("every day's spend is the ledger's charges minus refunds booked that day, and completed ≤ accepted", async () => {
      for (const account of [accountId, otherId]) {
        const s = await usage.usageStats(db, { accountId: account, days: 30, now });
        const ledger = await ledgerSpendByDay(account, s.from, s.to);
        for (const d of s.days) {
          expect(d.spendMicros, d.day).toBe(ledger.get(d.day) ?? 0n);
          expect(d.completed, d.day).toBeLessThanOrEqual(d.accepted);
          expect(d.completed + d.failed + d.canceled + d.processing, d.day).toBe(d.accepted);
        }
        expect(s.totals.spendMicros).toBe([...ledger.values()].reduce((sum, v) => sum + v, 0n));
        const generations = await db.generation.count({
          where: { accountId: account, createdAt: { gte: s.from, lt: s.to }, concatOf: { isEmpty: true } },
        });
        expect(s.totals.accepted).toBe(generations);
        expect(s.byKey.reduce((sum, k) => sum + k.accepted, 0)).toBe(generations);
      }
    });

    it("a calendar month's spend and billed seconds are its statement's totals", async () => {
      const { from, to } = statements.periodBounds("2026-11");
      const s = await usage.usageBetween(db, { accountId, from, to });
      const { usage: statement } = await statements.generateStatement(db, accountId, "2026-11");
      expect(s.totals.spendMicros).toBe(statement.totalSpendMicros);
      expect(s.totals.billedSeconds).toBe(statement.totalBilledSeconds);
      expect(s.totals.spendMicros).toBe(
        [...(await ledgerSpendByDay(accountId, from, to)).values()].reduce((sum, v) => sum + v, 0n),
      );
    });
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
