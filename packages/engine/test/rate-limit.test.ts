import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../src/platform/logger";
import { RateLimiter, closeRateLimitStore, consumeRateLimit, rateLimitRedis } from "../src/platform/rate-limit/limiter";
import { MemorySlidingWindow } from "../src/platform/rate-limit/memory";
import { RedisSlidingWindow } from "../src/platform/rate-limit/redis";
import type { SlidingWindowStore } from "../src/platform/rate-limit/types";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `h_ratelimit_test:${process.pid}:${Date.now()}:`;

async function redisReachable(): Promise<string | null> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause = "";
  probe.on("error", (err: Error) => (cause = err.message));
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (err) {
    return cause || (err as Error).message;
  } finally {
    probe.disconnect();
  }
}
const redisDown = await redisReachable();
if (redisDown) console.log(`Redis variants skipped: ${redisUrl} is not reachable (${redisDown})`);

const clients: Redis[] = [];
function redisClient(): Redis {
  const client = rateLimitRedis(redisUrl);
  clients.push(client);
  return client;
}

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  if (!redisDown) {
    const admin = new Redis(redisUrl);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  }
  for (const c of clients) c.disconnect();
  await closeRateLimitStore();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When a request was sent and answered: its admission happened somewhere in between. */
interface Attempt {
  sent: number;
  answered: number;
  allowed: boolean;
}

/**
 * The most admissions provably inside one window: for each admission's send time s, the admissions
 * sent at or after s and answered before s + window (less the clock's granularity) all happened in
 * [s, s + window). Computed from recorded times only, so a slow machine cannot make it fail.
 */
function mostAdmittedInAnyWindow(attempts: Attempt[], windowMs: number, granularityMs: number): number {
  const admitted = attempts.filter((a) => a.allowed);
  let most = 0;
  for (const { sent: start } of admitted) {
    const inside = admitted.filter((a) => a.sent >= start && a.answered + granularityMs < start + windowMs).length;
    most = Math.max(most, inside);
  }
  return most;
}

/**
 * One request, then bursts of three times the limit every 400 ms. Fixed one-second windows, however
 * aligned, admit close to twice the limit within some second of this traffic.
 */
async function burst(consume: () => Promise<{ allowed: boolean }>, clock: () => number, limit: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  const send = (size: number) =>
    Promise.all(
      Array.from({ length: size }, async () => {
        const sent = clock();
        const { allowed } = await consume();
        attempts.push({ sent, answered: clock(), allowed });
      }),
    );
  await send(1);
  const start = performance.now();
  for (let k = 1; k <= 7; k++) {
    await sleep(start + k * 400 - performance.now());
    await send(3 * limit);
  }
  return attempts;
}

interface Variant {
  name: string;
  skip: boolean;
  limiter(): RateLimiter;
  store(): SlidingWindowStore;
  /** The clock the store decides by, as the test can read it, and that clock's granularity here. */
  clock: () => number;
  granularityMs: number;
}

const variants: Variant[] = [
  {
    name: "memory",
    skip: false,
    limiter: () => new RateLimiter(null),
    store: () => new MemorySlidingWindow(),
    clock: () => performance.now(),
    granularityMs: 0,
  },
  {
    // Redis decides by its own clock (TIME): the same host clock as Date.now() here, read to the ms.
    name: "redis",
    skip: redisDown !== null,
    limiter: () => new RateLimiter(redisClient(), prefix),
    store: () => new RedisSlidingWindow(redisClient(), prefix),
    clock: () => Date.now(),
    granularityMs: 1,
  },
];

for (const v of variants) {
  describe.skipIf(v.skip)(`sliding-window rate limit (${v.name})`, () => {
    it("a burst far above the limit never gets more than `limit` admissions into any one-second span", async () => {
      const limiter = v.limiter();
      const limit = 5;
      const attempts = await burst(() => limiter.consume(`burst:${v.name}`, limit, 1), v.clock, limit);
      const admitted = attempts.filter((a) => a.allowed).length;
      expect(attempts.length).toBe(1 + 7 * 3 * limit);
      expect(admitted).toBeGreaterThanOrEqual(2 * limit);
      expect(admitted).toBeLessThan(attempts.length);
      expect(mostAdmittedInAnyWindow(attempts, 1000, v.granularityMs)).toBeLessThanOrEqual(limit);
    });

    it("refills once the oldest admission has left the window", async () => {
      const limiter = v.limiter();
      const key = `refill:${v.name}`;
      for (let i = 0; i < 3; i++) expect((await limiter.consume(key, 3, 1)).allowed).toBe(true);
      const refused = await limiter.consume(key, 3, 1);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      // Retry-After in whole seconds, plus a little for timers that fire a hair early.
      await sleep(refused.resetSeconds * 1000 + 20);
      expect(await limiter.consume(key, 3, 1)).toMatchObject({ allowed: true, limit: 3 });
    });

    it("tells the exact wait until one more request would be admitted", async () => {
      const store = v.store();
      const key = `wait:${v.name}`;
      const windowMs = 2000;
      const firstSent = v.clock();
      expect(await store.check(key, 2, windowMs)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
      const firstAnswered = v.clock();
      await sleep(50);
      const lastSent = v.clock();
      const last = await store.check(key, 2, windowMs);
      const refused = await store.check(key, 2, windowMs);
      const lastAnswered = v.clock();
      expect(last).toMatchObject({ allowed: true, remaining: 0 });
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      // The first admission leaves the window at its own time + window; both answers wait for exactly that.
      const g = v.granularityMs;
      for (const d of [last, refused]) {
        expect(d.retryAfterMs).toBeGreaterThanOrEqual(firstSent + windowMs - lastAnswered - g);
        expect(d.retryAfterMs).toBeLessThanOrEqual(firstAnswered + windowMs - lastSent + g);
      }
      await store.close();
    });

    it("gives resetSeconds as an honest Retry-After of at least one second", async () => {
      const limiter = v.limiter();
      const key = `reset:${v.name}`;
      const sent = v.clock();
      const first = await limiter.consume(key, 2, 10);
      // More budget left: the next request would pass now, and the header floor is one second.
      expect(first).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 1 });
      await limiter.consume(key, 2, 10);
      const refused = await limiter.consume(key, 2, 10);
      const answered = v.clock();
      expect(refused.allowed).toBe(false);
      // Waiting resetSeconds is enough (the first admission is at most answered − sent old), and it
      // never exceeds the window.
      expect(refused.resetSeconds * 1000).toBeGreaterThanOrEqual(sent + 10_000 - answered - v.granularityMs);
      expect(refused.resetSeconds).toBeLessThanOrEqual(10);
    });
  });
}

describe.skipIf(redisDown !== null)("rate limits shared through Redis", () => {
  it("two limiters with their own Redis connections (two processes) share one budget", async () => {
    const a = new RateLimiter(redisClient(), prefix);
    const b = new RateLimiter(redisClient(), prefix);
    const key = "shared:acct";
    // A minute-long window: the budget cannot refill during the test, however slow the machine.
    const fromA = [];
    for (let i = 0; i < 3; i++) fromA.push(await a.consume(key, 5, 60));
    const fromB = [];
    for (let i = 0; i < 3; i++) fromB.push(await b.consume(key, 5, 60));
    expect(fromA.map((o) => o.remaining)).toEqual([4, 3, 2]);
    expect(fromB.map((o) => [o.allowed, o.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect((await a.consume(key, 5, 60)).allowed).toBe(false);
    // Concurrent bursts from both: nothing more gets through.
    const more = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume(key, 5, 60)));
    expect(more.filter((o) => o.allowed)).toHaveLength(0);
  });

  it("a concurrent burst split across two limiters admits exactly the limit", async () => {
    const a = new RateLimiter(redisClient(), prefix);
    const b = new RateLimiter(redisClient(), prefix);
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).consume("shared:burst", 7, 60)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(7);
  });
});

describe("when Redis fails", () => {
  it("each check falls back to this process's limits, and the outage is logged once", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    // Nothing listens on port 1: every connection attempt is refused.
    const limiter = new RateLimiter(rateLimitRedis("redis://127.0.0.1:1"), prefix);
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await limiter.consume("down", 2, 60));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, false, false]);
    expect(errors).toHaveBeenCalledTimes(1);
    await limiter.close();
  });
});

describe("in-process memory", () => {
  it("evicts keys whose admissions have all left the window", async () => {
    let now = 0;
    const store = new MemorySlidingWindow(() => now);
    for (let i = 0; i < 1000; i++) await store.check(`ip:${i}`, 10, 1000);
    expect(store.keys).toBe(1000);
    now = 1500;
    // Each check evicts a few expired keys, more than the one it may add.
    for (let i = 0; i < 300; i++) await store.check("busy", 10, 1000);
    expect(store.keys).toBe(1);
  });

  it("keeps a key that comes due for eviction while still in use", async () => {
    let now = 0;
    const store = new MemorySlidingWindow(() => now);
    await store.check("a", 2, 1000);
    now = 900;
    await store.check("a", 2, 1000);
    now = 1200;
    // Another key's check reaches "a" in the expiry queue; its admission at 900 is still in the window.
    await store.check("b", 2, 1000);
    expect(await store.check("a", 2, 1000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 700 });
    expect((await store.check("a", 2, 1000)).allowed).toBe(false);
  });

  it("keeps each key's own budget", async () => {
    const store = new MemorySlidingWindow(() => 0);
    for (let i = 0; i < 3; i++) expect((await store.check("a", 3, 1000)).allowed).toBe(true);
    expect((await store.check("a", 3, 1000)).allowed).toBe(false);
    expect((await store.check("b", 3, 1000)).allowed).toBe(true);
  });

  it("admits again exactly when the oldest admission is one window old", async () => {
    let now = 0;
    const store = new MemorySlidingWindow(() => now);
    for (const t of [0, 100, 200]) {
      now = t;
      await store.check("k", 3, 1000);
    }
    now = 999;
    expect(await store.check("k", 3, 1000)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1 });
    now = 1000;
    expect(await store.check("k", 3, 1000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 100 });
    now = 1099;
    expect((await store.check("k", 3, 1000)).allowed).toBe(false);
  });
});

describe("consumeRateLimit", () => {
  it("keeps longer windows, such as sign-in attempts per 15 minutes", async () => {
    const key = `login:${prefix}someone@example.com`;
    for (let i = 0; i < 10; i++) expect((await consumeRateLimit(key, 10, 15 * 60)).allowed).toBe(true);
    const refused = await consumeRateLimit(key, 10, 15 * 60);
    expect(refused).toMatchObject({ allowed: false, limit: 10, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(899);
    expect(refused.resetSeconds).toBeLessThanOrEqual(900);
  });

  it("refuses a limit that is not a positive whole number", async () => {
    await expect(consumeRateLimit("bad", 0)).rejects.toThrow(RangeError);
    await expect(consumeRateLimit("bad", 2.5)).rejects.toThrow(RangeError);
  });
});
