// Waiting for a generation's terminal record without ever hanging (README: "Waiting that never
// hangs"): follow its event stream; when the stream breaks or goes silent, re-attach through
// /events with Last-Event-ID (before the id is known: send the create again with the same
// Idempotency-Key, which replays the same generation); when streams keep failing, poll. A wait
// timeout bounds all of it, and every error names the create's key and the generation's id.
import { ConnectionError, WaitTimeoutError, withRecovery } from "../errors.js";
import type { GenerationStream } from "../stream.js";
import { type Generation, isTerminal } from "../types.js";

/** Streams in a row that may end without a new record before polling takes over. */
const MAX_BARREN_STREAMS = 3;

export interface FollowSource {
  /** The create's stream while `id` is unknown, then the generation's /events after `lastEventId`. */
  open(id: string | null, lastEventId: string | undefined, signal: AbortSignal): Promise<GenerationStream>;
  /** Poll mode's create (stream: false); absent when following an existing generation. */
  create?(signal: AbortSignal): Promise<Generation>;
  get(id: string, signal: AbortSignal): Promise<Generation>;
}

export interface FollowSettings {
  mode: "stream" | "poll";
  pollIntervalMs: number;
  onProgress?: (record: Generation) => void;
  signal?: AbortSignal;
  waitTimeoutMs?: number;
  /** The create's key (undefined when following an existing generation). */
  idempotencyKey?: string;
  /** Known when following an existing generation. */
  generationId?: string;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

class Follower {
  generationId: string | null;

  constructor(
    private readonly source: FollowSource,
    private readonly settings: FollowSettings,
    private readonly signal: AbortSignal,
  ) {
    this.generationId = settings.generationId ?? null;
  }

  async run(): Promise<Generation> {
    if (this.settings.mode === "poll") {
      const first = this.source.create ? await this.source.create(this.signal) : await this.get();
      return this.poll(first);
    }
    return (await this.streams()) ?? this.poll(await this.get());
  }

  /** The terminal record from the streams, or undefined when polling should take over. */
  private async streams(): Promise<Generation | undefined> {
    let lastEventId: string | undefined;
    for (let barren = 0; barren < MAX_BARREN_STREAMS; ) {
      let stream: GenerationStream;
      try {
        stream = await this.source.open(this.generationId, lastEventId, this.signal);
      } catch (err) {
        // The create has had its own retries; once the id is known, polling is the other way in.
        if (this.generationId && err instanceof ConnectionError && !this.signal.aborted) return undefined;
        throw err;
      }
      let fresh = false;
      try {
        for await (const event of stream) {
          fresh = true;
          this.generationId = event.data.id;
          lastEventId = stream.lastEventId ?? lastEventId;
          if (isTerminal(event.data)) return event.data;
          this.settings.onProgress?.(event.data);
        }
        // Ended without a record: 204 after the final event (or an old server's empty stream); the record says how.
        if (!fresh && this.generationId) return undefined;
      } catch (err) {
        if (!(err instanceof ConnectionError) || this.signal.aborted) throw err;
      }
      barren = fresh ? 0 : barren + 1;
    }
    return undefined;
  }

  private async poll(first: Generation): Promise<Generation> {
    let record = first;
    this.generationId = record.id;
    while (!isTerminal(record)) {
      this.settings.onProgress?.(record);
      await delay(this.settings.pollIntervalMs, this.signal);
      record = await this.get();
    }
    return record;
  }

  private get(): Promise<Generation> {
    return this.source.get(this.generationId!, this.signal);
  }
}

/** Follows a generation (created by `source` or existing) to its terminal record. */
export async function follow(source: FollowSource, settings: FollowSettings): Promise<Generation> {
  const { signal: callerSignal, waitTimeoutMs } = settings;
  const deadline = new AbortController();
  const timer = waitTimeoutMs === undefined ? undefined : setTimeout(() => deadline.abort(), waitTimeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal;
  const follower = new Follower(source, settings, signal);
  try {
    return await follower.run();
  } catch (err) {
    const recovery = { idempotencyKey: settings.idempotencyKey ?? null, generationId: follower.generationId };
    if (deadline.signal.aborted && !callerSignal?.aborted) {
      const what = follower.generationId ? `generation ${follower.generationId}` : "the generation";
      throw withRecovery(new WaitTimeoutError(`${what} did not finish within ${waitTimeoutMs} ms; it goes on`), recovery);
    }
    throw withRecovery(err, recovery);
  } finally {
    clearTimeout(timer);
  }
}
