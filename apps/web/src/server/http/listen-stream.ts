import type { Db } from "@vgen/db";
import { listenHub, type ListenSession, takeListenEvents, touchListenSession } from "@vgen/engine/delivery";
import { logger } from "@vgen/engine/platform";
import { type EventSink, eventStreamResponse } from "./sse";

/** Keep-alive comment and session refresh: well inside the session's grace period and proxies' idle timeouts. */
const KEEPALIVE_MS = 15_000;

export interface ListenStreamSpec {
  db: Db;
  session: ListenSession;
}

/**
 * One `vgen listen` stream (docs/api.md#listen): the session (id, signing secret) first, then each
 * of its deliveries as `event: webhook` with the exact body and headers an endpoint would get.
 * Woken by the session's NOTIFY (at the commit that queued the event) and once at the start, for
 * what was queued while the CLI was reconnecting.
 */
class ListenStream {
  private closed = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private unsubscribe = () => {};
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sink: EventSink,
    private readonly spec: ListenStreamSpec,
  ) {
    const { id, secret, events } = spec.session;
    sink.write(`retry: 2000\nevent: session\ndata: ${JSON.stringify({ id, secret, events })}\n\n`);
    this.timer = setInterval(() => this.keepAlive(), KEEPALIVE_MS);
    this.timer.unref();
    listenHub()
      .subscribe(id, () => this.wake())
      .then((off) => {
        if (this.closed) return off();
        this.unsubscribe = off;
        this.wake();
      })
      .catch((err: unknown) => {
        logger.warn({ err, sessionId: id }, "listen stream could not subscribe; ending it so the client reconnects");
        this.close();
      });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe();
    this.sink.end();
  }

  private keepAlive() {
    if (this.closed) return;
    this.sink.write(": keep-alive\n\n");
    touchListenSession(this.spec.db, this.spec.session.id).catch((err: unknown) =>
      logger.warn({ err, sessionId: this.spec.session.id }, "listen session refresh failed"),
    );
  }

  /** One take at a time; a wake-up during a take runs another after it. */
  private wake() {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => {
        logger.warn({ err, sessionId: this.spec.session.id }, "listen stream take failed; ending it so the client reconnects");
        this.close();
      })
      .finally(() => {
        this.draining = null;
      });
  }

  private async drain() {
    do {
      this.again = false;
      for (;;) {
        if (this.closed) return;
        const events = await takeListenEvents(this.spec.db, this.spec.session);
        for (const event of events) this.sink.write(`event: webhook\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
        if (events.length === 0) break;
      }
    } while (this.again);
  }
}

/** Streams a listen session to a sink; returns the function that stops it (the client went away). */
export function streamListenEvents(sink: EventSink, spec: ListenStreamSpec): () => void {
  const stream = new ListenStream(sink, spec);
  return () => stream.close();
}

/** A Response whose body is the listen stream, for Next.js's route; server.ts serves it on the socket instead. */
export function listenEventStream(spec: ListenStreamSpec, status: number): Response {
  return eventStreamResponse((sink) => streamListenEvents(sink, spec), status);
}
