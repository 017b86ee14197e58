// The process's one PostgreSQL LISTEN connection, shared by every channel: generation changes for
// the event streams (generations/events.ts) and row changes for the hot caches
// (hot-cache/invalidation.ts). Notifications sent while it is down are lost, so each channel's
// listeners hear when it is lost and when it listens again; it reconnects every second while
// anyone listens.
import pg from "pg";
import { requireDatabaseUrl } from "@vgen/config";
import { connectionBounds } from "@vgen/db";

export interface ChannelListener {
  /** A notification on the channel; "" when it carries no payload. */
  notified(payload: string): void;
  /** The connection listens to the channel (again): anything announced before may have been missed. */
  listening?(): void;
  /** The connection is lost: announcements are missed until `listening`. */
  lost?(): void;
}

class NotificationConnection {
  /** Connected, and listening to the channels in `listened`. */
  private client: pg.Client | null = null;
  private listened = new Set<string>();
  private listeners = new Map<string, Set<ChannelListener>>();
  private syncing: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Counts `close` calls, so a connection made while one ran is not kept. */
  private closes = 0;

  /** Whether announcements on `channel` reach this process right now. */
  isListening(channel: string): boolean {
    return this.client !== null && this.listened.has(channel);
  }

  /** Whether any channel has a listener. */
  get inUse(): boolean {
    return this.listeners.size > 0;
  }

  /**
   * Adds `listener` to `channel` (again is harmless). Resolves once the connection listens to it;
   * rejects when the connection cannot be made, and keeps retrying while the listener stays.
   */
  listen(channel: string, listener: ChannelListener): Promise<void> {
    const listeners = this.listeners.get(channel) ?? new Set();
    listeners.add(listener);
    this.listeners.set(channel, listeners);
    return this.isListening(channel) ? Promise.resolve() : this.sync();
  }

  /** Removes `listener`. The channel stays listened to while the connection lasts (a next listener needs no round trip). */
  unlisten(channel: string, listener: ChannelListener): void {
    const listeners = this.listeners.get(channel);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.listeners.delete(channel);
  }

  /** Ends the connection and forgets every listener (process shutdown). */
  async close(): Promise<void> {
    this.closes++;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    this.listened = new Set();
    await client?.end().catch(() => {});
  }

  /** Brings the connection to listening to every channel that has listeners; one attempt at a time. */
  private sync(): Promise<void> {
    this.syncing ??= this.listenToAll().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async listenToAll(): Promise<void> {
    const client = this.client ?? (await this.open());
    // Channels joined while a LISTEN was under way are taken in the next turn.
    for (;;) {
      const channel = [...this.listeners.keys()].find((c) => !this.listened.has(c));
      if (!channel || this.client !== client) return;
      await client.query(`LISTEN ${channel}`);
      // Lost meanwhile: the reconnect listens to it.
      if (this.client !== client) return;
      this.listened.add(channel);
      this.announce(channel, (l) => l.listening?.());
    }
  }

  private async open(): Promise<pg.Client> {
    // Bounded like every connection: a frozen database fails this attempt (and the next is scheduled)
    // instead of leaving every new listener waiting on it.
    const { connectionTimeoutMillis, query_timeout } = connectionBounds();
    const client = new pg.Client({ connectionString: requireDatabaseUrl(), connectionTimeoutMillis, query_timeout });
    client.on("notification", (msg) => this.announce(msg.channel, (l) => l.notified(msg.payload ?? "")));
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    const channels = [...this.listeners.keys()];
    const closes = this.closes;
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      if (closes !== this.closes) throw new Error("The notification connection was closed while it connected.");
    } catch (err) {
      client.removeAllListeners("end");
      client.end().catch(() => {});
      this.scheduleRetry();
      throw err;
    }
    this.client = client;
    this.listened = new Set(channels);
    for (const channel of channels) this.announce(channel, (l) => l.listening?.());
    return client;
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.listened = new Set();
    client.end().catch(() => {});
    for (const channel of this.listeners.keys()) this.announce(channel, (l) => l.lost?.());
    this.scheduleRetry();
  }

  /** Every second while anyone listens; one timer at a time ("error" and "end" both land here). */
  private scheduleRetry() {
    if (this.retry || !this.inUse) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.inUse) this.sync().catch(() => {});
    }, 1000);
    this.retry.unref();
  }

  private announce(channel: string, call: (listener: ChannelListener) => void) {
    for (const listener of [...(this.listeners.get(channel) ?? [])]) call(listener);
  }
}

const globalConnection = globalThis as unknown as { __vgenNotificationConnection?: NotificationConnection };

/** The process's LISTEN connection, shared by the engine copies Next.js bundles into route handlers. */
export function notificationConnection(): NotificationConnection {
  globalConnection.__vgenNotificationConnection ??= new NotificationConnection();
  return globalConnection.__vgenNotificationConnection;
}
