import { VgenError } from "./errors.js";
import { readSse } from "./sse.js";
import type { Generation } from "./types.js";

/** One `generation` event of a stream: the whole record as it is now. */
export interface GenerationEvent {
  type: "generation";
  /** The event's sequence number (`id:`), 1 for the first. */
  sequence: number | null;
  data: Generation;
}

/**
 * The event stream of one generation (create with `{ stream: true }`, or `generations.events(id)`).
 * Iterate it with `for await`; it ends after the terminal record. `abort()` stops reading; the
 * generation goes on (docs/api.md#response-modes).
 */
export class GenerationStream implements AsyncIterable<GenerationEvent> {
  private consumed = false;
  private abortedByUs = false;

  constructor(
    private readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  /** The `X-Request-Id` of the request that opened the stream. */
  get request_id(): string | null {
    return this.response.headers.get("x-request-id");
  }

  abort(): void {
    this.abortedByUs = true;
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<GenerationEvent> {
    if (this.consumed) throw new VgenError("a GenerationStream can be iterated once");
    this.consumed = true;
    const type = this.response.headers.get("content-type") ?? "";
    // A create that carries `webHook` is answered in callback mode (202 JSON) even when a stream was asked for.
    if (!type.startsWith("text/event-stream")) {
      yield { type: "generation", sequence: null, data: (await this.response.json()) as Generation };
      return;
    }
    try {
      for await (const event of readSse(this.response.body!)) {
        if (event.event !== "generation") continue;
        yield { type: "generation", sequence: event.id ? Number(event.id) : null, data: JSON.parse(event.data) as Generation };
      }
    } catch (err) {
      if (this.abortedByUs) return;
      throw this.controller.signal.aborted ? this.controller.signal.reason : err;
    }
  }
}
