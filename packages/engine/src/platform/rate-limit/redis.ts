import type { Redis } from "ioredis";
import type { SlidingWindowStore, WindowDecision } from "./types";

/*
 * The sliding-window log in Redis, one script call (EVALSHA) per check. No library fitted:
 * rate-limiter-flexible has only fixed windows; GCRA (redis-gcra) with a burst of `limit` admits up
 * to 2×limit−1 in some one-second span; rolling-rate-limiter counts refused requests too (a client
 * over the limit stays refused) and async-ratelimiter, otherwise close, stamps each request with its
 * own process's clock, so a host whose clock runs ahead frees slots early. Here every time comes from
 * Redis's clock (TIME), the one clock all processes share, and a key's list holds at most `limit`
 * admission times, newest first; each is pushed once and popped once, so a check is amortized O(1).
 * Needs Redis >= 5 (TIME before writes in a script).
 */
const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local oldest = redis.call('LINDEX', key, -1)
while oldest and tonumber(oldest) <= now - window do
  redis.call('RPOP', key)
  oldest = redis.call('LINDEX', key, -1)
end
local count = redis.call('LLEN', key)
local allowed = 0
if count < limit then
  redis.call('LPUSH', key, string.format('%d', now))
  redis.call('PEXPIRE', key, math.ceil(window / 1000))
  count = count + 1
  allowed = 1
end
local wait = 0
if count >= limit then
  -- The list is full: its oldest time must leave the window before another admission.
  wait = (oldest and tonumber(oldest) or now) + window - now
end
return {allowed, math.max(0, limit - count), wait}
`;

type ScriptClient = Redis & {
  vgenSlidingWindow(key: string, limit: number, windowMicros: number): Promise<[number, number, number]>;
};

export class RedisSlidingWindow implements SlidingWindowStore {
  private readonly client: ScriptClient;

  /** `keyPrefix` separates users of one Redis (the app, tests). */
  constructor(
    client: Redis,
    private readonly keyPrefix = "vgen:ratelimit:",
  ) {
    // ioredis sends the script by its SHA and loads it once when Redis does not know it yet.
    client.defineCommand("vgenSlidingWindow", { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    this.client = client as ScriptClient;
  }

  /** Whether the connection is up; while it is not, callers may skip Redis rather than wait. */
  get ready(): boolean {
    return this.client.status === "ready";
  }

  async check(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    // The limit and window are part of the key, so a changed limit starts a log of its own size.
    const [allowed, remaining, waitMicros] = await this.client.vgenSlidingWindow(
      `${this.keyPrefix}${limit}/${windowMs}:${key}`,
      limit,
      Math.round(windowMs * 1000),
    );
    return { allowed: allowed === 1, remaining, retryAfterMs: waitMicros / 1000 };
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
