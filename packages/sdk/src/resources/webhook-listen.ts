// The account's webhook events over GET /api/v1/webhooks/listen (what `vgen listen` forwards), and
// sample events (POST /api/v1/webhooks/trigger). A dropped or silent stream is opened again with
// the session's id, so the signing secret stays the same and nothing queued meanwhile is missed.
import { setTimeout as sleep } from "node:timers/promises";
import { VgenError } from "../errors.js";
import type { components } from "../openapi.generated.js";
import { SseParser } from "../sse.js";
import type { Transport } from "../transport.js";
import type { RequestOptions } from "../types.js";

/** The session the stream opened: its events are signed with `secret`. */
export interface ListenSession {
  id: string;
  secret: string;
  events: string[];
}

/** One event exactly as an endpoint would receive it: POST `body` unchanged with `headers`. */
export interface ListenEvent {
  /** The delivery id; also the `webhook-id` header. */
  id: string;
  type: string;
  body: string;
  headers: Record<string, string>;
}

export type ListenMessage =
  | { type: "session"; session: ListenSession }
  | { type: "event"; event: ListenEvent }
  /** The stream dropped (or went silent); it is opened again after `retryInMs`. */
  | { type: "disconnected"; error: Error; retryInMs: number };

export interface ListenOptions {
  /** Event types to receive; all when absent. */
  events?: string[];
  /** Stops listening (the iterator ends). */
  signal?: AbortSignal;
  /** No byte for this long (the server sends a keep-alive every 15 s) counts as a drop. Default 45 000. */
  idleTimeoutMs?: number;
}

export type TriggerResult = components["schemas"]["TriggerResult"];

const MAX_RECONNECT_DELAY_MS = 10_000;

export class WebhookListen {
  constructor(private readonly transport: Transport) {}

  /**
   * Yields the session first, then each event, for as long as the caller iterates (or until
   * `signal`); reconnects on drops and says so. Errors the server answers (a bad key, bad events)
   * are thrown.
   */
  async *listen(options: ListenOptions = {}): AsyncGenerator<ListenMessage> {
    let sessionId: string | undefined;
    let failures = 0;
    while (!options.signal?.aborted) {
      const idle = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
      try {
        const res = await this.transport.send(
          {
            method: "GET",
            path: "/api/v1/webhooks/listen",
            query: { events: options.events?.length ? options.events.join(",") : undefined, session: sessionId },
            accept: "text/event-stream",
          },
          { signal },
        );
        if (!res.body) throw new VgenError("the listen stream has no body");
        for await (const message of readListenStream(res.body, idle, options.idleTimeoutMs ?? 45_000)) {
          if (message.type === "session") {
            sessionId = message.session.id;
            failures = 0;
          }
          yield message;
        }
        throw new VgenError("the listen stream ended");
      } catch (err) {
        if (options.signal?.aborted) return;
        // A refusal (bad key, bad events) will not change by reconnecting; drops and 5xx might.
        if (err instanceof VgenError && err.status !== undefined && err.status < 500 && err.status !== 429) throw err;
        const retryInMs = Math.min(MAX_RECONNECT_DELAY_MS, 500 * 2 ** failures++);
        yield { type: "disconnected", error: err as Error, retryInMs };
        // An abort ends the wait early; the loop then stops.
        await sleep(retryInMs, undefined, { signal: options.signal }).catch(() => {});
      }
    }
  }

  /** Sends a sample event of `event` to the account's endpoints and listen sessions. */
  trigger(event: TriggerResult["event"] | (string & {}), options: RequestOptions = {}): Promise<TriggerResult> {
    return this.transport.json({ method: "POST", path: "/api/v1/webhooks/trigger", body: { event } }, options);
  }
}

/** The stream's messages; aborts `idle` (ending the read) when no byte arrives for `idleMs`. */
async function* readListenStream(
  body: ReadableStream<Uint8Array>,
  idle: AbortController,
  idleMs: number,
): AsyncGenerator<ListenMessage> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let timer = setTimeout(() => idle.abort(new VgenError(`no data from the listen stream for ${idleMs} ms`)), idleMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new VgenError(`no data from the listen stream for ${idleMs} ms`)), idleMs);
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        if (event.event === "session") yield { type: "session", session: JSON.parse(event.data) as ListenSession };
        else if (event.event === "webhook") yield { type: "event", event: JSON.parse(event.data) as ListenEvent };
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}
