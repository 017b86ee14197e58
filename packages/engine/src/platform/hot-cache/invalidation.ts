import pg from "pg";
import { requireDatabaseUrl } from "@vgen/config";
import { logger } from "../../observability/logger";

/** The channel the database triggers of migration `cache_invalidation` announce changes on. */
const CHANNEL = "vgen_cache";

type Handler = (table: string, id: string) => void;

/**
 * One LISTEN connection per process for cache invalidation. A cache may only trust what it loaded
 * while this connection was up: on any drop every cache is cleared and bypassed until the
 * connection is back, so a missed notification can never leave a stale entry in use.
 */
class InvalidationFeed {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private handlers = new Set<Handler>();
  private resets = new Set<() => void>();
  /** Bumped on every notification and every reconnect; loads started under an older epoch are not stored. */
  epoch = 0;

  get live(): boolean {
    return this.client !== null;
  }

  register(onChange: Handler, onReset: () => void): void {
    this.handlers.add(onChange);
    this.resets.add(onReset);
    void this.connect().catch(() => {});
  }

  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.handlers.clear();
    this.resets.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    if (this.client || this.handlers.size === 0) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: requireDatabaseUrl() });
      client.on("notification", (msg) => {
        this.epoch++;
        const payload = msg.payload ?? "";
        const colon = payload.indexOf(":");
        const table = colon < 0 ? payload : payload.slice(0, colon);
        const id = colon < 0 ? "" : payload.slice(colon + 1);
        for (const handler of this.handlers) handler(table, id);
      });
      client.on("error", () => this.drop(client));
      client.on("end", () => this.drop(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        client.removeAllListeners("end");
        client.end().catch(() => {});
        this.scheduleRetry();
        throw err;
      }
      // Anything loaded before this point may have missed a change.
      this.epoch++;
      for (const reset of this.resets) reset();
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.epoch++;
    for (const reset of this.resets) reset();
    client.end().catch(() => {});
    logger.warn("cache invalidation feed lost its connection; caches are bypassed until it is back");
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.retry || this.handlers.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => {});
    }, 1000);
    this.retry.unref();
  }
}

const globalFeed = globalThis as unknown as { __vgenInvalidationFeed?: InvalidationFeed };

/** The process's feed, shared by the engine copies Next.js bundles into route handlers. */
export function invalidationFeed(): InvalidationFeed {
  globalFeed.__vgenInvalidationFeed ??= new InvalidationFeed();
  return globalFeed.__vgenInvalidationFeed;
}
