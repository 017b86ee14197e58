// Friendly names for the wire types generated from the server's OpenAPI document
// (openapi.generated.ts; see the README's "Where the types come from").
import type { components } from "./openapi.generated.js";

type Schemas = components["schemas"];

export type Generation = Schemas["Generation"];
/** A binding quote (POST /api/v1/videos/quote): pass `quote_id` as `quoteId` to `create` within 10 minutes. */
export type Quote = Schemas["Quote"];
export type GenerationOutput = Schemas["GenerationOutput"];
export type GenerationStatus = Generation["status"];
export type GenerationList = Schemas["GenerationList"];
export type Model = Schemas["Model"];
export type ModelList = Schemas["ModelList"];
export type Balance = Schemas["Balance"];
/** The create body; `stream` is chosen by the SDK method (create vs. create with `{ stream: true }`). */
export type CreateGenerationParams = Omit<Schemas["CreateGenerationRequest"], "stream">;
type ErrorEnvelope = Schemas["Error"];
export type ErrorCode = ErrorEnvelope["error"]["code"];
export type ErrorType = ErrorEnvelope["error"]["type"];

export interface ListGenerationsParams {
  /** Page size, 1-100 (server default 20). */
  limit?: number;
  /** `next_cursor` of the previous page. */
  cursor?: string;
}

/** Options every call accepts. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt, until the response headers arrive (a stream's body is not timed). */
  timeoutMs?: number;
  maxRetries?: number;
  /**
   * Every create and cancel sends an Idempotency-Key: a random one by default, the same on each of
   * its retries. Pass your own to make a retry across processes safe too.
   */
  idempotencyKey?: string;
  /** Extra headers for this call, on top of the client's `headers`. */
  headers?: Record<string, string>;
}

/** Options of the calls that read an event stream (create with `stream: true`, `events`, the waits). */
export interface StreamOptions extends RequestOptions {
  /** Silence on a stream (no event, no keep-alive comment) after which it counts as broken. Default: the client's (30 000). */
  streamIdleTimeoutMs?: number;
}

const TERMINAL_STATUSES: readonly GenerationStatus[] = ["completed", "failed", "canceled"];

export function isTerminal(record: Pick<Generation, "status">): boolean {
  return TERMINAL_STATUSES.includes(record.status);
}
