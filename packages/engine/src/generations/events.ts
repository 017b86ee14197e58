import { EventEmitter } from "node:events";
import pg from "pg";
import { requireDatabaseUrl } from "@vgen/config";
import type { Db, Prisma } from "@vgen/db";

export const GENERATION_EVENTS_CHANNEL = "generation_events";

/** Announces that a generation changed, to every process (PostgreSQL NOTIFY, sent at commit). */
export async function notifyGenerationChanged(tx: Prisma.TransactionClient | Db, generationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${GENERATION_EVENTS_CHANNEL}, ${generationId})`;
}

type Listener = (generationId: string) => void;

/** One LISTEN connection per process, fanned out in memory; reconnects when the connection drops. */
class GenerationEventHub {
  private emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;

  /** Resolves once notifications flow; on failure nothing stays registered (no listener leak). */
  async subscribe(generationId: string, listener: Listener): Promise<() => void> {
    this.emitter.on(generationId, listener);
    const off = () => {
      this.emitter.off(generationId, listener);
    };
    try {
      await this.ensureConnected();
    } catch (err) {
      off();
      throw err;
    }
    return off;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: requireDatabaseUrl() });
      client.on("notification", (msg) => msg.payload && this.emitter.emit(msg.payload, msg.payload));
      client.on("error", () => this.reset(client));
      client.on("end", () => this.reset(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${GENERATION_EVENTS_CHANNEL}`);
      } catch (err) {
        client.removeAllListeners("end");
        client.end().catch(() => {});
        throw err;
      }
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private reset(client: pg.Client) {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    // Subscribers poll on their own timer too, so a reconnect gap only delays an update.
    this.scheduleReconnect();
  }

  private reconnectTimer: NodeJS.Timeout | null = null;

  /** Retries every second while anyone listens; one timer at a time ("error" and "end" both land here). */
  private scheduleReconnect() {
    if (this.reconnectTimer || this.emitter.eventNames().length === 0) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureConnected().catch(() => this.scheduleReconnect());
    }, 1000);
    this.reconnectTimer.unref();
  }
}

const globalHub = globalThis as unknown as { __vgenEventHub?: GenerationEventHub };
export function generationEvents(): GenerationEventHub {
  globalHub.__vgenEventHub ??= new GenerationEventHub();
  return globalHub.__vgenEventHub;
}
