import { EventEmitter } from "node:events";
import type { DbOrTx } from "@vgen/db";
import { notificationConnection, type ChannelListener } from "../platform";

const GENERATION_EVENTS_CHANNEL = "generation_events";

/** Announces that a generation changed, to every process (PostgreSQL NOTIFY, sent at commit). */
export async function notifyGenerationChanged(tx: DbOrTx, generationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${GENERATION_EVENTS_CHANNEL}, ${generationId})`;
}

type Listener = (generationId: string) => void;

/** Generation changes fanned out in memory from the process's LISTEN connection (platform/notifications.ts). */
class GenerationEventHub {
  private emitter = new EventEmitter().setMaxListeners(0);
  private readonly channelListener: ChannelListener = {
    notified: (generationId) => {
      if (generationId) this.emitter.emit(generationId, generationId);
    },
  };

  /**
   * Resolves once notifications flow; on failure nothing stays registered (no listener leak). While
   * anyone listens, a lost connection is made again every second; subscribers poll on their own
   * timer too, so the gap only delays an update.
   */
  async subscribe(generationId: string, listener: Listener): Promise<() => void> {
    this.emitter.on(generationId, listener);
    const off = () => {
      this.emitter.off(generationId, listener);
      if (this.emitter.eventNames().length === 0)
        notificationConnection().unlisten(GENERATION_EVENTS_CHANNEL, this.channelListener);
    };
    try {
      await notificationConnection().listen(GENERATION_EVENTS_CHANNEL, this.channelListener);
    } catch (err) {
      off();
      throw err;
    }
    return off;
  }

  /** Drops every subscriber; ends the LISTEN connection too unless the process still listens to another channel. */
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    const connection = notificationConnection();
    connection.unlisten(GENERATION_EVENTS_CHANNEL, this.channelListener);
    if (!connection.inUse) await connection.close();
  }
}

const globalHub = globalThis as unknown as { __vgenEventHub?: GenerationEventHub };
export function generationEvents(): GenerationEventHub {
  globalHub.__vgenEventHub ??= new GenerationEventHub();
  return globalHub.__vgenEventHub;
}
