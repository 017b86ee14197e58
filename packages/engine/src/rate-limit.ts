import { Redis } from "ioredis";
import pg from "pg";
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "./config";

/**
 * Fixed one-second windows shared by every web process: Redis when REDIS_URL is set, otherwise
 * the same PostgreSQL the app uses (embedded or not), so a limit never depends on one process.
 */
export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

type Store = { kind: "redis"; client: Redis } | { kind: "postgres"; pool: pg.Pool };

const globalLimits = globalThis as unknown as {
  __vgenLimitStore?: Store;
  __vgenLimiters?: Map<string, Promise<RateLimiterAbstract>>;
};

function store(): Store {
  if (!globalLimits.__vgenLimitStore) {
    const redisUrl = config().redisUrl;
    globalLimits.__vgenLimitStore = redisUrl
      ? { kind: "redis", client: new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2 }) }
      : { kind: "postgres", pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 }) };
  }
  return globalLimits.__vgenLimitStore;
}

function limiterFor(points: number, durationSeconds: number): Promise<RateLimiterAbstract> {
  globalLimits.__vgenLimiters ??= new Map();
  const id = `rl${points}x${durationSeconds}`;
  let limiter = globalLimits.__vgenLimiters.get(id);
  if (!limiter) {
    const s = store();
    const opts = { points, duration: durationSeconds, keyPrefix: id };
    limiter =
      s.kind === "redis"
        ? Promise.resolve(new RateLimiterRedis({ ...opts, storeClient: s.client }))
        : new Promise((resolve, reject) => {
            const l: RateLimiterPostgres = new RateLimiterPostgres(
              { ...opts, storeClient: s.pool, tableName: "rate_limits", clearExpiredByTimeout: true },
              (err?: Error) => (err ? reject(err) : resolve(l)),
            );
          });
    globalLimits.__vgenLimiters.set(id, limiter);
  }
  return limiter;
}

/** Takes one request from the key's budget of `qps` per window (one second unless given). */
export async function consumeRateLimit(key: string, qps: number, windowSeconds = 1): Promise<RateLimitOutcome> {
  const limiter = await limiterFor(qps, windowSeconds);
  try {
    const res = await limiter.consume(key, 1);
    return { allowed: true, limit: qps, remaining: res.remainingPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { allowed: false, limit: qps, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}

export function rateLimitHeaders(o: RateLimitOutcome): Record<string, string> {
  return {
    "x-ratelimit-limit": String(o.limit),
    "x-ratelimit-remaining": String(o.remaining),
    "x-ratelimit-reset": String(o.resetSeconds),
  };
}

export async function closeRateLimitStore(): Promise<void> {
  const s = globalLimits.__vgenLimitStore;
  globalLimits.__vgenLimitStore = undefined;
  globalLimits.__vgenLimiters = undefined;
  if (s?.kind === "redis") s.client.disconnect();
  if (s?.kind === "postgres") await s.pool.end();
}
