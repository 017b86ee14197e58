import { logger } from "../logger";
import { notificationConnection, type ChannelListener } from "../notifications";

/** The channel the database triggers of migration `cache_invalidation` announce changes on. */
const CHANNEL = "vgen_cache";

type Handler = (table: string, id: string) => void;

/**
 * Cache invalidation from the process's LISTEN connection (platform/notifications.ts). A cache may
 * only trust what it loaded while the connection listened: whenever it is lost, and again once it
 * listens anew, every cache is cleared, and in between caches are bypassed, so a missed
 * notification can never leave a stale entry in use.
 */
class InvalidationFeed {
  private handlers = new Set<Handler>();
  private resets = new Set<() => void>();
  /** Bumped on every notification and every reconnect; loads started under an older epoch are not stored. */
  epoch = 0;

  private readonly channelListener: ChannelListener = {
    notified: (payload) => {
      this.epoch++;
      const colon = payload.indexOf(":");
      const table = colon < 0 ? payload : payload.slice(0, colon);
      const id = colon < 0 ? "" : payload.slice(colon + 1);
      for (const handler of this.handlers) handler(table, id);
    },
    // Anything loaded before this point may have missed a change.
    listening: () => this.resetAll(),
    lost: () => {
      this.resetAll();
      logger.warn("cache invalidation feed lost its connection; caches are bypassed until it is back");
    },
  };

  get live(): boolean {
    return notificationConnection().isListening(CHANNEL);
  }

  register(onChange: Handler, onReset: () => void): void {
    this.handlers.add(onChange);
    this.resets.add(onReset);
    // Retried every second until the connection listens; caches are bypassed meanwhile.
    void notificationConnection()
      .listen(CHANNEL, this.channelListener)
      .catch(() => {});
  }

  private resetAll() {
    this.epoch++;
    for (const reset of this.resets) reset();
  }
}

const globalFeed = globalThis as unknown as { __vgenInvalidationFeed?: InvalidationFeed };

/** The process's feed, shared by the engine copies Next.js bundles into route handlers. */
export function invalidationFeed(): InvalidationFeed {
  globalFeed.__vgenInvalidationFeed ??= new InvalidationFeed();
  return globalFeed.__vgenInvalidationFeed;
}
