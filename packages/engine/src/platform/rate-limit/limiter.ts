import { ApiError } from "@vgen/contracts";
import { Redis } from "ioredis";
import { env } from "@vgen/config";
import { logger } from "../logger";
import { MemorySlidingWindow } from "./memory";
import { RedisSlidingWindow } from "./redis";
import type { WindowDecision } from "./types";

/**
 * Sliding windows: in any window-long span, wherever it starts, at most `limit` requests of a key
 * are admitted. Shared by every web process through Redis when REDIS_URL is set; otherwise kept in
 * this process's memory (one web process, or each process on its own).
 */
export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until one more request would be admitted (at least 1): an honest Retry-After. */
  resetSeconds: number;
}

/** A hung Redis must not hold every API request: past this, the check falls back to memory. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Redis when given, with this process's memory standing in while Redis fails. Failing closed would
 * turn a Redis outage into an API outage, and failing open would lift the sign-in limits; per-process
 * limits keep every limit in force, only not shared, until Redis answers again.
 */
export class RateLimiter {
  private readonly memory = new MemorySlidingWindow();
  private readonly redis: RedisSlidingWindow | null;
  private redisFailing = false;

  constructor(redis: Redis | null, keyPrefix?: string) {
    this.redis = redis ? new RedisSlidingWindow(redis, keyPrefix) : null;
  }

  /** Takes one request from the key's budget of `limit` per `windowSeconds`. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitOutcome> {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
    if (!(windowSeconds > 0)) throw new RangeError(`rate-limit window must be positive, got ${windowSeconds}`);
    const d = await this.decide(key, limit, windowSeconds * 1000);
    return { allowed: d.allowed, limit, remaining: d.remaining, resetSeconds: Math.max(1, Math.ceil(d.retryAfterMs / 1000)) };
  }

  private async decide(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    // While Redis is known to be down, skip it instead of waiting on every request.
    if (this.redis && !(this.redisFailing && !this.redis.ready)) {
      try {
        const decision = await this.redis.check(key, limit, windowMs);
        if (this.redisFailing) logger.warn("rate limits: Redis answers again; limits are shared across processes again");
        this.redisFailing = false;
        return decision;
      } catch (err) {
        if (!this.redisFailing)
          logger.error({ err }, "rate limits: Redis failed; each process limits on its own until it answers");
        this.redisFailing = true;
      }
    }
    return this.memory.check(key, limit, windowMs);
  }

  async close(): Promise<void> {
    await Promise.all([this.memory.close(), this.redis?.close()]);
  }
}

/** A Redis client for the limiter: bounded waits, and connection errors left to the checks to report. */
export function rateLimitRedis(url: string): Redis {
  const client = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  // Without a listener ioredis prints every reconnect failure; the limiter logs the outage once.
  client.on("error", () => {});
  return client;
}

const globalLimits = globalThis as unknown as { __vgenRateLimiter?: RateLimiter };

function rateLimiter(): RateLimiter {
  if (!globalLimits.__vgenRateLimiter) {
    const redisUrl = env().REDIS_URL ?? null;
    globalLimits.__vgenRateLimiter = new RateLimiter(redisUrl ? rateLimitRedis(redisUrl) : null);
  }
  return globalLimits.__vgenRateLimiter;
}

/** Takes one request from the key's budget of `qps` per window (one second unless given). */
export function consumeRateLimit(key: string, qps: number, windowSeconds = 1): Promise<RateLimitOutcome> {
  return rateLimiter().consume(key, qps, windowSeconds);
}

/** The 429 for a refused outcome, with its Retry-After; `what` names the budget that ran out. */
export function rateLimitedError(outcome: RateLimitOutcome, what: string): ApiError {
  return new ApiError(
    "rate_limited",
    `Rate limit of ${outcome.limit} requests per second reached for ${what}. Retry after ${outcome.resetSeconds} s.`,
    null,
    {
      "retry-after": String(outcome.resetSeconds),
    },
  );
}

export function rateLimitHeaders(o: RateLimitOutcome): Record<string, string> {
  return {
    "x-ratelimit-limit": String(o.limit),
    "x-ratelimit-remaining": String(o.remaining),
    "x-ratelimit-reset": String(o.resetSeconds),
  };
}

export async function closeRateLimitStore(): Promise<void> {
  const limiter = globalLimits.__vgenRateLimiter;
  globalLimits.__vgenRateLimiter = undefined;
  await limiter?.close();
}
