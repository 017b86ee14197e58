// One HTTP call with the SDK's guarantees: bearer auth, an Idempotency-Key on POSTs that stays
// the same across its own retries, retries with exponential backoff and jitter on 429, 502-504,
// 409 idempotency_request_in_progress and network errors (honouring Retry-After), a timeout per
// attempt and the caller's AbortSignal. An error after the last retry of a keyed POST carries its
// key, so the caller can send it again and get the same generation.
import { randomUUID } from "node:crypto";
import { ConnectionError, errorFromResponse, TimeoutError, VgenError, withRecovery } from "./errors.js";
import type { RequestOptions } from "./types.js";

export interface TransportConfig {
  apiKey: string;
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
  /** First backoff step; doubled each retry, capped at `maxRetryDelayMs`. */
  initialRetryDelayMs: number;
  maxRetryDelayMs: number;
  userAgent: string;
  /** Default silence after which a stream counts as broken (the server writes at least every 15 s). */
  streamIdleTimeoutMs: number;
  /** Sent on every request to the API (never to output URLs of another host). */
  headers: Record<string, string>;
  fetch: typeof fetch;
}

export interface HttpRequest {
  method: "GET" | "POST";
  /** A path under the base URL (`/api/v1/...`) or an absolute URL. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  accept?: "application/json" | "text/event-stream" | "*/*";
  /** False for absolute URLs of another host (the CDN): the API key is never sent there. */
  auth?: boolean;
  /** POSTs get an Idempotency-Key unless this is false (reads sent as POST). */
  idempotent?: boolean;
  /** Headers of this operation (Prefer, Cancel-After, Last-Event-ID). */
  headers?: Record<string, string>;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** A server asking for a longer wait than this gets the error instead of a sleeping caller. */
const MAX_RETRY_AFTER_SECONDS = 60;

/** Exponential backoff with full jitter, unless the server said when (Retry-After, honoured as given). */
function retryDelayMs(
  attempt: number,
  retryAfter: number | null,
  config: Pick<TransportConfig, "initialRetryDelayMs" | "maxRetryDelayMs">,
) {
  if (retryAfter !== null) return retryAfter * 1000;
  const ceiling = Math.min(config.maxRetryDelayMs, config.initialRetryDelayMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function isRetryable(res: Response, body: unknown): boolean {
  if (RETRYABLE_STATUSES.has(res.status)) return true;
  return res.status === 409 && (body as { error?: { code?: string } })?.error?.code === "idempotency_request_in_progress";
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND...) in its cause. */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class Transport {
  constructor(readonly config: TransportConfig) {}

  url(path: string, query?: HttpRequest["query"]): URL {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(this.config.baseUrl.replace(/\/$/, "") + path);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  /** Sends the request (retrying as configured) and returns the 2xx response unread; throws a VgenError otherwise. */
  async send(req: HttpRequest, options: RequestOptions = {}): Promise<Response> {
    const idempotencyKey = req.method === "POST" && req.idempotent !== false ? (options.idempotencyKey ?? randomUUID()) : null;
    try {
      return await this.attempts(req, options, idempotencyKey);
    } catch (err) {
      throw withRecovery(err, { idempotencyKey });
    }
  }

  private async attempts(req: HttpRequest, options: RequestOptions, idempotencyKey: string | null): Promise<Response> {
    const maxRetries = options.maxRetries ?? this.config.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    const api = req.auth !== false;
    const headers = new Headers(api ? { ...this.config.headers, ...options.headers, ...req.headers } : req.headers);
    headers.set("accept", req.accept ?? "application/json");
    headers.set("user-agent", this.config.userAgent);
    if (api) headers.set("authorization", `Bearer ${this.config.apiKey}`);
    if (idempotencyKey) headers.set("idempotency-key", idempotencyKey);
    let payload: string | undefined;
    if (req.body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(req.body);
    }
    const url = this.url(req.path, req.query);

    for (let attempt = 0; ; attempt++) {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
      let failure: VgenError;
      try {
        const res = await this.config.fetch(url, { method: req.method, headers, body: payload, signal });
        clearTimeout(timer);
        if (res.ok) return res;
        const body = await readBody(res);
        failure = errorFromResponse(res.status, body, res.headers);
        const waitTooLong = (failure.retryAfter ?? 0) > MAX_RETRY_AFTER_SECONDS;
        if (!isRetryable(res, body) || attempt >= maxRetries || waitTooLong) throw failure;
      } catch (err) {
        clearTimeout(timer);
        if (err instanceof VgenError) throw err;
        if (options.signal?.aborted) throw options.signal.reason;
        failure = timeout.signal.aborted
          ? new TimeoutError(`no response from ${url.origin} within ${timeoutMs} ms`, { cause: err })
          : new ConnectionError(`could not reach ${url.origin}: ${networkReason(err)}`, { cause: err });
        if (attempt >= maxRetries) throw failure;
      }
      await sleep(retryDelayMs(attempt, failure.retryAfter, this.config), options.signal);
    }
  }

  /** Sends the request and parses the JSON answer. */
  async json<T>(req: HttpRequest, options?: RequestOptions): Promise<T> {
    const res = await this.send(req, options);
    return (await res.json()) as T;
  }
}
