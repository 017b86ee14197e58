import { VgenError } from "../errors.js";
import { GenerationStream } from "../stream.js";
import type { Transport } from "../transport.js";
import {
  type CreateGenerationParams,
  type Generation,
  type GenerationList,
  isTerminal,
  type ListGenerationsParams,
  type RequestOptions,
} from "../types.js";

export interface WaitOptions extends RequestOptions {
  /** Called with every record seen before the terminal one (stream events or polls). */
  onProgress?: (record: Generation) => void;
  /** "stream" (default) follows the event stream; "poll" polls the result endpoint. */
  mode?: "stream" | "poll";
  /** Between polls (poll mode, or after a stream that ended early). Default 1000. */
  pollIntervalMs?: number;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export class Generations {
  constructor(private readonly transport: Transport) {}

  /**
   * Creates a generation. Without `{ stream: true }` it answers at once with the record
   * (`processing`; poll it with `get` or wait with `createAndWait`); with it, the event stream.
   */
  create(params: CreateGenerationParams, options?: RequestOptions & { stream?: false }): Promise<Generation>;
  create(params: CreateGenerationParams, options: RequestOptions & { stream: true }): Promise<GenerationStream>;
  async create(
    params: CreateGenerationParams,
    options: RequestOptions & { stream?: boolean } = {},
  ): Promise<Generation | GenerationStream> {
    const { stream, ...requestOptions } = options;
    if (!stream) {
      return this.transport.json<Generation>(
        { method: "POST", path: "/api/v1/videos/generations", body: { ...params, stream: false } },
        requestOptions,
      );
    }
    return this.openStream(
      { method: "POST", path: "/api/v1/videos/generations", body: { ...params, stream: true } },
      requestOptions,
    );
  }

  /** Streams an existing generation again (after a disconnect, or from another process). */
  events(id: string, options: RequestOptions = {}): Promise<GenerationStream> {
    return this.openStream({ method: "GET", path: `/api/v1/videos/generations/${encodeURIComponent(id)}/events` }, options);
  }

  /** Creates a generation and resolves with its terminal record (completed, failed or canceled). */
  async createAndWait(params: CreateGenerationParams, options: WaitOptions = {}): Promise<Generation> {
    const { onProgress, mode = "stream", pollIntervalMs = 1000, ...requestOptions } = options;
    let last: Generation;
    if (mode === "poll") {
      last = await this.create(params, requestOptions);
    } else {
      const stream = await this.create(params, { ...requestOptions, stream: true });
      last = await this.follow(stream, onProgress, requestOptions.signal);
      if (isTerminal(last)) return last;
    }
    // Poll mode, or a stream that ended before the terminal record (a dropped connection).
    const { signal, timeoutMs, maxRetries } = requestOptions;
    while (!isTerminal(last)) {
      onProgress?.(last);
      await delay(pollIntervalMs, signal);
      last = await this.get(last.id, { signal, timeoutMs, maxRetries });
    }
    return last;
  }

  /** The record of one generation (POST /api/v1/videos/result). */
  get(id: string, options: RequestOptions = {}): Promise<Generation> {
    // A read sent as POST: safe to retry without a key, and a key would make a retried poll replay a stale record.
    return this.transport.json({ method: "POST", path: "/api/v1/videos/result", body: { id }, idempotent: false }, options);
  }

  /** One page of the account's generations, newest first. */
  listPage(params: ListGenerationsParams = {}, options: RequestOptions = {}): Promise<GenerationList> {
    return this.transport.json(
      { method: "GET", path: "/api/v1/videos/generations", query: { limit: params.limit, cursor: params.cursor } },
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

  /** Cancels a generation that has not finished; resolves with the canceled record. */
  cancel(id: string, options: RequestOptions = {}): Promise<Generation> {
    return this.transport.json({ method: "POST", path: "/api/v1/videos/cancel", body: { id } }, options);
  }

  /** The stream's last record: terminal, or the last one seen if the connection dropped (the caller then polls). */
  private async follow(stream: GenerationStream, onProgress?: (record: Generation) => void, signal?: AbortSignal) {
    let last: Generation | undefined;
    try {
      for await (const event of stream) {
        last = event.data;
        if (isTerminal(last)) return last;
        onProgress?.(last);
      }
    } catch (err) {
      if (!last || signal?.aborted) throw err;
    }
    if (!last) throw new VgenError("the event stream ended before its first record");
    return last;
  }

  private async openStream(
    req: Parameters<Transport["send"]>[0],
    { signal, ...options }: RequestOptions,
  ): Promise<GenerationStream> {
    const controller = new AbortController();
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    if (signal?.aborted) controller.abort(signal.reason);
    const res = await this.transport.send({ ...req, accept: "text/event-stream" }, { ...options, signal: controller.signal });
    return new GenerationStream(res, controller);
  }
}
