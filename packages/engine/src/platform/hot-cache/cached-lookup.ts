import { LRUCache } from "lru-cache";
import type { DbOrTx } from "@vgen/db";
import { invalidationFeed } from "./invalidation";

export interface CachedLookupOptions<V> {
  /** Tables whose change notifications may affect entries. */
  tables: string[];
  /** Whether a change announced for `table` row `id` affects the entry `key`. */
  affected(table: string, id: string, key: string, value: V): boolean;
  maxEntries: number;
  /** Upper bound on an entry's age even while notifications flow. */
  ttlMs: number;
  /** Whether "not found" may be kept too (only where no untracked insert can make it found). */
  cacheMisses: boolean;
}

/**
 * A per-process read-through cache that the database keeps honest: entries are dropped by change
 * notifications, and nothing is served from memory while the notification feed is down.
 */
export class CachedLookup<V extends object> {
  private entries: LRUCache<string, { value: V | null }>;
  private registered = false;

  constructor(
    private readonly load: (db: DbOrTx, key: string) => Promise<V | null>,
    private readonly options: CachedLookupOptions<V>,
  ) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlMs });
  }

  async get(db: DbOrTx, key: string): Promise<V | null> {
    const feed = invalidationFeed();
    if (!this.registered) this.register();
    if (!feed.live) return this.load(db, key);
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const epoch = feed.epoch;
    const value = await this.load(db, key);
    // A change announced while we were loading may not be in what we read: use it, don't keep it.
    if ((value || this.options.cacheMisses) && feed.live && feed.epoch === epoch) this.entries.set(key, { value });
    return value;
  }

  /** Joins the feed on first use, so processes that never read through the cache never LISTEN. */
  private register() {
    this.registered = true;
    const { tables, affected } = this.options;
    invalidationFeed().register(
      (table, id) => {
        if (!tables.includes(table)) return;
        for (const [key, entry] of this.entries.entries()) {
          if (!entry.value || affected(table, id, key, entry.value)) this.entries.delete(key);
        }
      },
      () => this.entries.clear(),
    );
  }
}
