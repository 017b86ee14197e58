import type { SlidingWindowStore, WindowDecision } from "./types";

/**
 * One key's admission times, oldest first, in a ring that grows (doubling, up to the limit) only as
 * far as the key's traffic needs: a 10,000 QPS limit does not cost 10,000 slots per idle key.
 */
class AdmissionLog {
  private times: number[];
  private start = 0;
  size = 0;

  constructor(private readonly limit: number) {
    this.times = new Array<number>(Math.min(limit, 4)).fill(0);
  }

  /** Forgets the admissions at or before `cutoff`; each one is dropped once, so amortized O(1). */
  dropUpTo(cutoff: number): void {
    while (this.size > 0 && this.times[this.start]! <= cutoff) {
      this.start = (this.start + 1) % this.times.length;
      this.size--;
    }
  }

  oldest(): number {
    return this.times[this.start]!;
  }

  newest(): number {
    return this.times[(this.start + this.size - 1) % this.times.length]!;
  }

  push(time: number): void {
    if (this.size === this.times.length) this.grow();
    this.times[(this.start + this.size) % this.times.length] = time;
    this.size++;
  }

  private grow(): void {
    const grown = new Array<number>(Math.min(this.limit, this.times.length * 2)).fill(0);
    for (let i = 0; i < this.size; i++) grown[i] = this.times[(this.start + i) % this.times.length]!;
    this.times = grown;
    this.start = 0;
  }
}

/** Expiry checks per rate-limit check: more than the one key a check can add, so tables stay bounded. */
const EVICTIONS_PER_CHECK = 8;

/**
 * Keys in the order they come due: a key is queued when created, and re-queued at its latest
 * admission plus the window when it comes due still in use. A key is in the queue once at a time,
 * so upkeep is O(1) amortized per check, and an idle key is evicted about two windows after its
 * last admission at most.
 */
class ExpiryQueue {
  private keys: string[] = [];
  private dueAt: number[] = [];
  private head = 0;

  push(key: string, dueAt: number): void {
    this.keys.push(key);
    this.dueAt.push(dueAt);
  }

  /** The first key due at or before `now`, taken off the queue. */
  takeDue(now: number): string | undefined {
    if (this.head === this.keys.length || this.dueAt[this.head]! > now) return undefined;
    const key = this.keys[this.head]!;
    this.head++;
    // Drop the taken prefix once it is half the arrays: amortized O(1), bounded memory.
    if (this.head >= 1024 && this.head * 2 >= this.keys.length) {
      this.keys = this.keys.slice(this.head);
      this.dueAt = this.dueAt.slice(this.head);
      this.head = 0;
    }
    return key;
  }
}

/** The logs of every key sharing one limit and window. */
class WindowTable {
  private readonly logs = new Map<string, AdmissionLog>();
  private readonly expiries = new ExpiryQueue();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  check(key: string, now: number): WindowDecision {
    const cutoff = now - this.windowMs;
    this.evictExpired(now);
    let log = this.logs.get(key);
    if (log) log.dropUpTo(cutoff);
    if (log && log.size >= this.limit) {
      return { allowed: false, remaining: 0, retryAfterMs: log.oldest() + this.windowMs - now };
    }
    if (!log) {
      log = new AdmissionLog(this.limit);
      this.logs.set(key, log);
      this.expiries.push(key, now + this.windowMs);
    }
    log.push(now);
    const remaining = this.limit - log.size;
    return { allowed: true, remaining, retryAfterMs: remaining > 0 ? 0 : log.oldest() + this.windowMs - now };
  }

  get keys(): number {
    return this.logs.size;
  }

  private evictExpired(now: number): void {
    for (let i = 0; i < EVICTIONS_PER_CHECK; i++) {
      const key = this.expiries.takeDue(now);
      if (key === undefined) return;
      const log = this.logs.get(key)!;
      const dueAt = log.newest() + this.windowMs;
      if (dueAt <= now) this.logs.delete(key);
      else this.expiries.push(key, dueAt);
    }
  }
}

/**
 * The sliding-window log kept in this process: O(1) amortized per check, memory bounded by the
 * admissions still inside their windows (plus a few expired keys awaiting eviction).
 */
export class MemorySlidingWindow implements SlidingWindowStore {
  private readonly tables = new Map<string, WindowTable>();

  /** `now` is a monotonic clock in milliseconds, so wall-clock jumps never open or stall a window. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  async check(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    const id = `${limit}/${windowMs}`;
    let table = this.tables.get(id);
    if (!table) {
      table = new WindowTable(limit, windowMs);
      this.tables.set(id, table);
    }
    return table.check(key, this.now());
  }

  /** Keys currently held, over all limits and windows. */
  get keys(): number {
    let n = 0;
    for (const table of this.tables.values()) n += table.keys;
    return n;
  }

  async close(): Promise<void> {
    this.tables.clear();
  }
}
