import { randomUUID } from "node:crypto";
import { GenerationStream } from "../stream.js";
import type { HttpRequest, Transport } from "../transport.js";
import type {
  CreateGenerationParams,
  Generation,
  GenerationList,
  ListGenerationsParams,
  Quote,
  RequestOptions,
  StreamOptions,
} from "../types.js";
import { type FollowSource, follow } from "./follow.js";

export interface CreateOptions extends StreamOptions {
  /** `Prefer: wait=N`: hold the JSON answer until the generation ends or N seconds (1-60) pass; `true` is 60. */
  wait?: number | true;
  /** `Cancel-After`: the platform cancels the generation if it is not finished by then (seconds, or "90s", "5m", "1h30m"). */
  cancelAfter?: number | string;
}

export interface WaitOptions extends StreamOptions {
  /** Called with every record seen before the terminal one (stream events or polls). */
  onProgress?: (record: Generation) => void;
  /** "stream" (default) follows the event stream; "poll" polls the result endpoint. */
  mode?: "stream" | "poll";
  /** Between polls (poll mode, or once streams keep failing). Default 1000. */
  pollIntervalMs?: number;
  /** Bounds the whole wait: WaitTimeoutError after this many ms (the generation goes on). Default: none. */
  waitTimeoutMs?: number;
}

const CREATE_PATH = "/api/v1/videos/generations";

function createHeaders(options: Pick<CreateOptions, "wait" | "cancelAfter">): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.wait !== undefined) headers.prefer = options.wait === true ? "wait" : `wait=${options.wait}`;
  if (options.cancelAfter !== undefined) headers["cancel-after"] = String(options.cancelAfter);
  return headers;
}

export class Generations {
  constructor(private readonly transport: Transport) {}

  /**
   * Creates a generation. Without `{ stream: true }` it answers at once with the record
   * (`processing`; poll it with `get` or wait with `wait`), or with `{ wait: N }` once it ends
   * (up to N s); with `{ stream: true }`, the event stream. Sends an Idempotency-Key (random
   * unless given); an error after the last retry carries it as `idempotencyKey`.
   */
  create(params: CreateGenerationParams, options?: CreateOptions & { stream?: false }): Promise<Generation>;
  create(params: CreateGenerationParams, options: Omit<CreateOptions, "wait"> & { stream: true }): Promise<GenerationStream>;
  async create(
    params: CreateGenerationParams,
    options: CreateOptions & { stream?: boolean } = {},
  ): Promise<Generation | GenerationStream> {
    const { stream = false, wait, cancelAfter, ...requestOptions } = options;
    const headers = createHeaders({ wait, cancelAfter });
    const req: HttpRequest = { method: "POST", path: CREATE_PATH, body: { ...params, stream }, headers };
    return stream ? this.openStream(req, requestOptions) : this.transport.json<Generation>(req, requestOptions);
  }

  /**
   * Streams an existing generation again (after a disconnect, or from another process). With
   * `lastEventId` the stream resumes after that event; after the final one it yields nothing.
   */
  events(id: string, options: StreamOptions & { lastEventId?: string } = {}): Promise<GenerationStream> {
    const { lastEventId, ...requestOptions } = options;
    return this.openStream(
      {
        method: "GET",
        path: `/api/v1/videos/generations/${encodeURIComponent(id)}/events`,
        headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId },
      },
      requestOptions,
    );
  }

  /**
   * Creates a generation and resolves with its terminal record (completed, failed or canceled).
   * A broken or silent stream is resumed, then polled; nothing is created twice (one
   * Idempotency-Key for every attempt). Errors carry `idempotencyKey` and, once seen, `generationId`.
   */
  createAndWait(
    params: CreateGenerationParams,
    options: WaitOptions & Pick<CreateOptions, "cancelAfter"> = {},
  ): Promise<Generation> {
    const { onProgress, mode = "stream", pollIntervalMs = 1000, waitTimeoutMs, cancelAfter, signal, ...rest } = options;
    const idempotencyKey = rest.idempotencyKey ?? randomUUID();
    const requestOptions = { ...rest, idempotencyKey };
    const source = this.followSource(requestOptions, {
      open: (id, lastEventId, signal) =>
        id
          ? this.events(id, { ...rest, lastEventId, signal })
          : this.create(params, { ...requestOptions, cancelAfter, signal, stream: true }),
      create: (signal) => this.create(params, { ...requestOptions, cancelAfter, signal }),
    });
    return follow(source, { mode, pollIntervalMs, onProgress, signal, waitTimeoutMs, idempotencyKey });
  }

  /** Resolves with the terminal record of an existing generation, following it as `createAndWait` does. */
  wait(id: string, options: WaitOptions = {}): Promise<Generation> {
    const { onProgress, mode = "stream", pollIntervalMs = 1000, waitTimeoutMs, signal, ...rest } = options;
    const source = this.followSource(rest, {
      open: (_id, lastEventId, signal) => this.events(id, { ...rest, lastEventId, signal }),
    });
    return follow(source, { mode, pollIntervalMs, onProgress, signal, waitTimeoutMs, generationId: id });
  }

  /** The record of one generation (POST /api/v1/videos/result). */
  get(id: string, options: RequestOptions = {}): Promise<Generation> {
    // A read sent as POST: safe to retry without a key, and a key would make a retried poll replay a stale record.
    return this.transport.json({ method: "POST", path: "/api/v1/videos/result", body: { id }, idempotent: false }, options);
  }

  /** One page of the account's generations, newest first. */
  listPage(params: ListGenerationsParams = {}, options: RequestOptions = {}): Promise<GenerationList> {
    return this.transport.json(
      { method: "GET", path: CREATE_PATH, query: { limit: params.limit, cursor: params.cursor } },
      options,
    );
  }

  /** Every generation of the account, newest first, fetching pages of `limit` as the loop goes. */
  async *list(params: ListGenerationsParams = {}, options: RequestOptions = {}): AsyncGenerator<Generation> {
    let cursor = params.cursor;
    for (;;) {
      const page = await this.listPage({ limit: params.limit, cursor }, options);
      yield* page.data;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  /**
   * A binding quote for a create with these params: its cost, billed seconds and ETA. Creating with
   * `{ ...params, quoteId: quote.quote_id }` within 10 minutes is charged at most `cost`, even if the
   * price rises meanwhile. Nothing is held.
   */
  quote(params: CreateGenerationParams, options: RequestOptions = {}): Promise<Quote> {
    return this.transport.json({ method: "POST", path: "/api/v1/videos/quote", body: params }, options);
  }

  /** Cancels a generation that has not finished; resolves with the canceled record. */
  cancel(id: string, options: RequestOptions = {}): Promise<Generation> {
    return this.transport.json({ method: "POST", path: "/api/v1/videos/cancel", body: { id } }, options);
  }

  /**
   * Joins the extension chain ending at `id` (the last clip; each created with `extendFrom`) into
   * one MP4: resolves with the completed record of the join, whose `concat_of` lists the clips.
   * Free: each clip was billed its own seconds.
   */
  concat(id: string, options: RequestOptions = {}): Promise<Generation> {
    return this.transport.json({ method: "POST", path: "/api/v1/videos/concat", body: { id } }, options);
  }

  private followSource(options: RequestOptions, parts: Omit<FollowSource, "get">): FollowSource {
    return { ...parts, get: (id, signal) => this.get(id, { ...options, signal }) };
  }

  private async openStream(
    req: HttpRequest,
    { signal, streamIdleTimeoutMs, ...options }: StreamOptions,
  ): Promise<GenerationStream> {
    const controller = new AbortController();
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    if (signal?.aborted) controller.abort(signal.reason);
    const res = await this.transport.send({ ...req, accept: "text/event-stream" }, { ...options, signal: controller.signal });
    return new GenerationStream(res, controller, streamIdleTimeoutMs ?? this.transport.config.streamIdleTimeoutMs);
  }
}
