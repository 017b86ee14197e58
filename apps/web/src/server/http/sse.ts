import { STREAM_KEEPALIVE_SECONDS, STREAM_RETRY_MS } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { generationFeed, type FeedRecord } from "@vgen/engine/generations";
import { metrics } from "@vgen/engine/observability";

/** Every open stream gets a comment this often, so none is silent for STREAM_KEEPALIVE_SECONDS even when the sweep runs late. */
const KEEPALIVE_MS = (STREAM_KEEPALIVE_SECONDS * 1000 * 2) / 3;
const RETRY = `retry: ${STREAM_RETRY_MS}\n\n`;
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
  /** Open streams by account, for the per-account cap (stream-slots.ts). */
  byAccount: Map<string, number>;
  keepalive: NodeJS.Timeout;
}
const globalStreams = globalThis as unknown as { __vgenEventStreams?: OpenStreams };

function openStreams(): OpenStreams {
  globalStreams.__vgenEventStreams ??= {
    all: new Set(),
    byAccount: new Map(),
    // One sweep for every stream instead of a timer each.
    keepalive: setInterval(() => {
      for (const stream of globalStreams.__vgenEventStreams!.all) stream.keepAlive();
    }, KEEPALIVE_MS).unref(),
  };
  return globalStreams.__vgenEventStreams;
}

/**
 * One client's stream of a generation's states: the current one at once, then each newer one, a
 * keep-alive comment in between, and the terminal one last before closing. Each event's id is its
 * state's (FeedRecord.eventId), and only ids above the last sent (or the client's Last-Event-ID)
 * go out: a resumed stream repeats nothing, and the feed's ticks, which repeat a state, send nothing.
 * The generation does not depend on the stream: a client that leaves loses nothing.
 */
class GenerationEventStream {
  private readonly accountId: string;
  private lastId: number;
  /** The queue position the client was last shown (null: none, or no longer waiting). */
  private lastPosition: number | null = null;
  private closed = false;
  private unwatch = () => {};

  constructor(
    private readonly sink: EventSink,
    { db, generationId, accountId, after }: EventStreamSpec,
  ) {
    this.lastId = after ?? -1;
    this.accountId = accountId;
    const streams = openStreams();
    streams.all.add(this);
    streams.byAccount.set(accountId, (streams.byAccount.get(accountId) ?? 0) + 1);
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
    const streams = openStreams();
    streams.all.delete(this);
    const left = (streams.byAccount.get(this.accountId) ?? 1) - 1;
    if (left > 0) streams.byAccount.set(this.accountId, left);
    else streams.byAccount.delete(this.accountId);
    metrics().eventStreams.dec();
    this.sink.end();
  }

  private onRecord(record: FeedRecord | null) {
    if (this.closed) return;
    if (!record) return this.close();
    if (record.eventId > this.lastId) {
      this.lastId = record.eventId;
      this.lastPosition = record.queuePosition;
      this.sink.write(`event: generation\nid: ${record.eventId}\ndata: ${record.json}\n\n`);
    } else if (
      record.queuePosition !== null &&
      this.lastPosition !== null &&
      record.queuePosition < this.lastPosition &&
      record.eventId === this.lastId
    ) {
      // Moving up the queue changes no state (the event id is the progress): a `queue` event without
      // an id says so, and resuming is untouched. Only ever lower: a stream never shows a rise.
      this.lastPosition = record.queuePosition;
      const { eta_seconds, queue_position } = JSON.parse(record.json) as { eta_seconds: number; queue_position: number };
      this.sink.write(`event: queue\ndata: ${JSON.stringify({ queue_position, eta_seconds })}\n\n`);
    }
    if (record.terminal) this.close();
  }
}

/** Streams a generation's events to a sink; returns the function that stops it (the client went away). */
export function streamGenerationEvents(sink: EventSink, spec: EventStreamSpec): () => void {
  const stream = new GenerationEventStream(sink, spec);
  return () => stream.close();
}

/** How many generation event streams the account has open on this process. */
export function openStreamCount(accountId: string): number {
  return openStreams().byAccount.get(accountId) ?? 0;
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
  /** The id of the last event the client has (its Last-Event-ID), or null for a new stream. */
  after: number | null;
}

/**
 * A Response whose body is an event stream for Next.js's routes: `start` begins writing to the sink
 * when the body is first read and returns how to stop. server.ts serves the public API's streams on
 * the socket instead.
 */
export function eventStreamResponse(start: (sink: EventSink) => () => void, status = 200): Response {
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stop ??= start({
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
        });
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status, headers: SSE_HEADERS });
}

/** The generation's event stream as a Response (dashboard and Next.js routes). */
export function generationEventStream(spec: EventStreamSpec, status = 200): Response {
  return eventStreamResponse((sink) => streamGenerationEvents(sink, spec), status);
}
