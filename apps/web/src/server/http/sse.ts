import type { Db } from "@vgen/db";
import { generationEvents, logger, recordOf } from "@vgen/engine";

const TICK_MS = 5_000;
const KEEPALIVE_MS = 15_000;

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/**
 * Streams a generation's record: at once, on every change, at least every 5 s, a keep-alive
 * comment every 15 s, and a final terminal event before closing. The generation does not depend
 * on the stream: a client that leaves loses nothing.
 */
export function generationEventStream(db: Db, generationId: string, accountId: string, status = 200): Response {
  const encoder = new TextEncoder();
  // Set by `start`; `cancel` (the client went away) must stop timers and the subscription even
  // while `start` is still waiting for the subscription.
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let seq = 0;
      let last = "";
      let closed = false;
      let busy: Promise<void> = Promise.resolve();
      let unsubscribe = () => {};
      let tick: ReturnType<typeof setInterval> | undefined;
      let keepalive: ReturnType<typeof setInterval> | undefined;
      const release = () => {
        clearInterval(tick);
        clearInterval(keepalive);
        unsubscribe();
        unsubscribe = () => {};
      };
      stop = () => {
        closed = true;
        release();
      };
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The stream was canceled or errored under us (timers must never throw).
          stop();
        }
      };
      const close = () => {
        if (closed) return;
        stop();
        try {
          controller.close();
        } catch {
          // The client already went away.
        }
      };
      const emit = (force: boolean) => {
        busy = busy.then(async () => {
          if (closed) return;
          const gen = await db.generation.findFirst({ where: { id: generationId, accountId } });
          if (!gen) return close();
          const record = await recordOf(db, gen);
          const data = JSON.stringify(record);
          if (force || data !== last) {
            last = data;
            write(`event: generation\nid: ${++seq}\ndata: ${data}\n\n`);
          }
          if (record.status !== "processing") close();
        }).catch((err) => logger.warn({ err, generationId }, "event stream update failed"));
      };
      tick = setInterval(() => emit(true), TICK_MS);
      keepalive = setInterval(() => write(`: keep-alive\n\n`), KEEPALIVE_MS);
      write(`retry: 2000\n\n`);
      emit(true);
      try {
        const off = await generationEvents().subscribe(generationId, () => emit(false));
        if (closed) return off();
        unsubscribe = off;
      } catch (err) {
        // Without change notifications the 5 s tick still delivers every state, terminal included.
        logger.warn({ err, generationId }, "event stream could not subscribe to changes; polling only");
        return;
      }
      // A change between the first read and the subscription would otherwise be missed.
      emit(false);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status, headers: SSE_HEADERS });
}
