import type { Db } from "@vgen/db";
import { generationFeed, type FeedRecord } from "@vgen/engine/generations";
import { metrics } from "@vgen/engine/observability";
const KEEPALIVE_MS = 15_000;
const RETRY = "retry: 2000\n\n";
const KEEPALIVE = ": keep-alive\n\n";
/**
 * The last event of a stream ended by a graceful shutdown: the generation goes on, so the client
 * should reconnect (to this or another instance) after `retry` ms rather than treat the end as final.
 */
const RECONNECT_AFTER_MS = 1000;
const SERVER_RESTARTING =
  `retry: ${RECONNECT_AFTER_MS}\nevent: server_restarting\n` +
  `data: ${JSON.stringify({ reconnect_after_ms: RECONNECT_AFTER_MS, message: "The server is restarting; reconnect to this stream to continue." })}\n\n`;

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** Where a stream's text goes: a web stream controller (Next.js) or a node response. */
export interface EventSink {
  write(text: string): void;
  end(): void;
}

/** The open streams of this process, on globalThis so both module copies (server.ts, Next.js) share one sweep. */
interface OpenStreams {
  all: Set<GenerationEventStream>;
  keepalive: NodeJS.Timeout;
}
const globalStreams = globalThis as unknown as { __vgenEventStreams?: OpenStreams };

function openStreams(): OpenStreams {
  globalStreams.__vgenEventStreams ??= {
    all: new Set(),
    // One sweep for every stream instead of a timer each.
    keepalive: setInterval(() => {
      for (const stream of globalStreams.__vgenEventStreams!.all) stream.keepAlive();
    }, KEEPALIVE_MS).unref(),
  };
  return globalStreams.__vgenEventStreams;
}

/**
 * One client's stream of a generation's record: at once, on every change, at least every 5 s
 * (the feed's tick), a keep-alive comment every 15 s, and a final terminal event before closing.
 * The generation does not depend on the stream: a client that leaves loses nothing.
 */
class GenerationEventStream {
  private seq = 0;
  private closed = false;
  private unwatch = () => {};

  constructor(
    private readonly sink: EventSink,
    db: Db,
    generationId: string,
    accountId: string,
  ) {
    openStreams().all.add(this);
    metrics().eventStreams.inc();
    sink.write(RETRY);
    const feed = generationFeed(db);
    // Right after the lookup that authorized this stream, that read is the first event: it goes
    // out with the headers (writes of one tick leave together), and the feed need not read again.
    const first = feed.peek(generationId, accountId);
    if (first !== undefined) this.onRecord(first);
    if (!this.closed) this.unwatch = feed.watch(generationId, accountId, (record) => this.onRecord(record), first !== undefined);
  }

  keepAlive() {
    if (!this.closed) this.sink.write(KEEPALIVE);
  }

  /** Shutdown: tells the client to reconnect, then ends the stream. */
  endForRestart() {
    if (this.closed) return;
    this.sink.write(SERVER_RESTARTING);
    this.close();
  }

  /** Ends the stream (terminal record sent, generation gone, shutdown) or forgets it (the client left). */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.unwatch();
    openStreams().all.delete(this);
    metrics().eventStreams.dec();
    this.sink.end();
  }

  private onRecord(record: FeedRecord | null) {
    if (this.closed) return;
    if (!record) return this.close();
    this.sink.write(`event: generation\nid: ${++this.seq}\ndata: ${record.json}\n\n`);
    if (record.terminal) this.close();
  }
}

/** Streams a generation's events to a sink; returns the function that stops it (the client went away). */
export function streamGenerationEvents(sink: EventSink, db: Db, generationId: string, accountId: string): () => void {
  const stream = new GenerationEventStream(sink, db, generationId, accountId);
  return () => stream.close();
}

/** Shutdown: ends every open stream with a `server_restarting` event that tells its client to reconnect. */
export function closeAllEventStreams(): number {
  const all = [...openStreams().all];
  for (const stream of all) stream.endForRestart();
  return all.length;
}

export interface EventStreamSpec {
  db: Db;
  generationId: string;
  accountId: string;
}

/**
 * A Response whose body is the generation's event stream, for Next.js's routes; the stream starts
 * when the body is first read. server.ts serves the public API's streams on the socket instead.
 */
export function generationEventStream(db: Db, generationId: string, accountId: string, status = 200): Response {
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stop ??= streamGenerationEvents(
          {
            write(text) {
              try {
                controller.enqueue(encoder.encode(text));
              } catch {
                // Canceled or errored under us: the stream has no reader any more.
                stop?.();
              }
            },
            end() {
              try {
                controller.close();
              } catch {
                // The client already went away.
              }
            },
          },
          db,
          generationId,
          accountId,
        );
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status, headers: SSE_HEADERS });
}
