import { ConnectionError, VgenError } from "./errors.js";
import { readSse } from "./sse.js";
import type { Generation } from "./types.js";

/**
 * One event of a stream: `generation`, the whole record as it is now; or `queue`, the generation
 * moved up the queue while waiting (`event: queue`, no id): the last record with its new
 * `queue_position` and `eta_seconds`.
 */
export interface GenerationEvent {
  type: "generation" | "queue";
  /** The event's id (`id:`) as a number, or null when the server sent none (see `GenerationStream.lastEventId`). */
  sequence: number | null;
  data: Generation;
}

/**
 * The event stream of one generation (create with `{ stream: true }`, or `generations.events(id)`).
 * Iterate it with `for await`; it ends after the terminal record. `abort()` stops reading; the
 * generation goes on (docs/api.md#response-modes). A stream silent for the client's
 * `streamIdleTimeoutMs` throws TimeoutError, a cut one ConnectionError: re-attach with
 * `generations.events(id, { lastEventId: stream.lastEventId })`, or let `createAndWait` / `wait` do it.
 */
export class GenerationStream implements AsyncIterable<GenerationEvent> {
  private consumed = false;
  private abortedByUs = false;
  private lastId: string | undefined;

  constructor(
    private readonly response: Response,
    private readonly controller: AbortController,
    private readonly idleTimeoutMs: number,
  ) {}

  /** The `X-Request-Id` of the request that opened the stream. */
  get request_id(): string | null {
    return this.response.headers.get("x-request-id");
  }

  /** The id of the last event read: pass it as `lastEventId` to resume after it. */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  abort(): void {
    this.abortedByUs = true;
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<GenerationEvent> {
    if (this.consumed) throw new VgenError("a GenerationStream can be iterated once");
    this.consumed = true;
    // 204: re-attached after the generation's final event; there is nothing more to send.
    if (this.response.status === 204) return;
    const type = this.response.headers.get("content-type") ?? "";
    // A create that carries `webHook` is answered in callback mode (202 JSON) even when a stream was asked for.
    if (!type.startsWith("text/event-stream")) {
      yield { type: "generation", sequence: null, data: (await this.response.json()) as Generation };
      return;
    }
    try {
      let last: Generation | undefined;
      for await (const event of readSse(this.response.body!, this.idleTimeoutMs)) {
        this.lastId = event.id;
        if (event.event === "queue" && last) {
          const moved = JSON.parse(event.data) as Pick<Generation, "queue_position" | "eta_seconds">;
          last = { ...last, queue_position: moved.queue_position, eta_seconds: moved.eta_seconds };
          yield { type: "queue", sequence: null, data: last };
          continue;
        }
        if (event.event !== "generation") continue;
        const sequence = event.id && /^\d+$/.test(event.id) ? Number(event.id) : null;
        last = JSON.parse(event.data) as Generation;
        yield { type: "generation", sequence, data: last };
      }
    } catch (err) {
      if (this.abortedByUs) return;
      if (this.controller.signal.aborted) throw this.controller.signal.reason;
      if (err instanceof VgenError) throw err;
      throw new ConnectionError(`the event stream broke: ${(err as Error).message}`, { cause: err });
    }
  }
}
