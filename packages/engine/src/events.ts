import { EventEmitter } from "node:events";
import pg from "pg";
import type { Db, Prisma } from "@vgen/db";

const CHANNEL = "generation_events";

/** Announces that a generation changed, to every process (PostgreSQL NOTIFY, sent at commit). */
export async function notifyGenerationChanged(tx: Prisma.TransactionClient | Db, generationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${generationId})`;
}

type Listener = (generationId: string) => void;

/** One LISTEN connection per process, fanned out in memory; reconnects when the connection drops. */
class GenerationEventHub {
  private emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;

  async subscribe(generationId: string, listener: Listener): Promise<() => void> {
    this.emitter.on(generationId, listener);
    await this.ensureConnected();
    return () => this.emitter.off(generationId, listener);
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
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      client.on("notification", (msg) => msg.payload && this.emitter.emit(msg.payload, msg.payload));
      client.on("error", () => this.reset(client));
      client.on("end", () => this.reset(client));
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
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
    if (this.emitter.eventNames().length > 0) setTimeout(() => this.ensureConnected().catch(() => {}), 1000).unref();
  }
}

const globalHub = globalThis as unknown as { __vgenEventHub?: GenerationEventHub };
export function generationEvents(): GenerationEventHub {
  globalHub.__vgenEventHub ??= new GenerationEventHub();
  return globalHub.__vgenEventHub;
}
