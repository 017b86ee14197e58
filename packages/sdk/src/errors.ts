// Typed errors. Every API error carries the envelope's fields (docs/api.md#errors); the class is
// chosen by catalog code first (insufficient_balance, rate_limited...) and by HTTP status otherwise.
import type { ErrorCode, ErrorType } from "./types.js";

export interface VgenErrorFields {
  status?: number;
  code?: ErrorCode | string;
  type?: ErrorType | string;
  param?: string | null;
  request_id?: string | null;
  doc_url?: string | null;
  /** Seconds from the `Retry-After` header, when the server sent one. */
  retryAfter?: number | null;
  cause?: unknown;
}

/**
 * What a caller needs to find a generation whose create may have succeeded although no answer
 * arrived: the create's Idempotency-Key (send it again to get that generation, charged once) and
 * its id when one was seen.
 */
export interface RecoveryFields {
  idempotencyKey: string | null;
  generationId: string | null;
}

export class VgenError extends Error implements RecoveryFields {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly param: string | null;
  readonly request_id: string | null;
  readonly doc_url: string | null;
  readonly retryAfter: number | null;
  /** Set on every error of a create (and cancel): its Idempotency-Key. Retrying with it never creates or charges twice. */
  idempotencyKey: string | null = null;
  /** Set when the failed call had already seen the generation's id (a stream that broke, a wait that ran out). */
  generationId: string | null = null;

  constructor(message: string, fields: VgenErrorFields = {}) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = new.target.name;
    this.status = fields.status;
    this.code = fields.code;
    this.type = fields.type;
    this.param = fields.param ?? null;
    this.request_id = fields.request_id ?? null;
    this.doc_url = fields.doc_url ?? null;
    this.retryAfter = fields.retryAfter ?? null;
  }
}

/** 400, 413, 415: the request is wrong; `param` names the field when there is one. */
export class InvalidRequestError extends VgenError {}
/** 401: missing, wrong or revoked API key. */
export class AuthenticationError extends VgenError {}
/** 403: suspended account, paused subscription, spend cap reached. */
export class PermissionDeniedError extends VgenError {}
/** 402 insufficient_balance: the balance (minus holds) does not cover the generation. */
export class InsufficientBalanceError extends VgenError {}
/** 404: unknown generation (or another account's) or path. */
export class NotFoundError extends VgenError {}
/** 410 output_expired: a download after the output's `expires_at`; its file is deleted. */
export class OutputExpiredError extends NotFoundError {}
/** 409: not cancelable, idempotency key reused or still in progress. */
export class ConflictError extends VgenError {}
/** 429: a rate limit; `retryAfter` says when one more request is admitted. */
export class RateLimitError extends VgenError {}
/** 500: a bug on the server; quote `request_id` to support. */
export class InternalServerError extends VgenError {}
/** 503 (and a gateway's 502, 504): a failure on the server's side; retried automatically, honouring `retryAfter`. */
export class ServiceUnavailableError extends VgenError {}
/** No HTTP answer: connection refused or reset, DNS failure, or an event stream cut before its end. */
export class ConnectionError extends VgenError {}
/** No response headers within `timeoutMs`, or an event stream silent for `streamIdleTimeoutMs`. */
export class TimeoutError extends ConnectionError {}
/** `createAndWait` or `wait` ran past `waitTimeoutMs`; the generation goes on (`generationId` names it). */
export class WaitTimeoutError extends VgenError {}

/** Fills in what identifies the create behind an error (first value wins); returns the error. */
export function withRecovery<E>(err: E, fields: Partial<RecoveryFields>): E {
  if (err instanceof VgenError) {
    err.idempotencyKey ??= fields.idempotencyKey ?? null;
    err.generationId ??= fields.generationId ?? null;
  }
  return err;
}

type ErrorClass = new (message: string, fields: VgenErrorFields) => VgenError;

const BY_CODE: Partial<Record<string, ErrorClass>> = {
  insufficient_balance: InsufficientBalanceError,
  rate_limited: RateLimitError,
  service_unavailable: ServiceUnavailableError,
  output_expired: OutputExpiredError,
};

const BY_STATUS: Partial<Record<number, ErrorClass>> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: InsufficientBalanceError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: InvalidRequestError,
  409: ConflictError,
  410: NotFoundError,
  413: InvalidRequestError,
  415: InvalidRequestError,
  422: InvalidRequestError,
  429: RateLimitError,
  500: InternalServerError,
  502: ServiceUnavailableError,
  503: ServiceUnavailableError,
  504: ServiceUnavailableError,
};

/** Builds the typed error for a non-2xx answer from its parsed body (anything) and headers. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): VgenError {
  const envelope = (body as { error?: Record<string, unknown> } | null)?.error;
  const field = (name: string) => (typeof envelope?.[name] === "string" ? (envelope[name] as string) : undefined);
  const code = field("code");
  const fields: VgenErrorFields = {
    status,
    code,
    type: field("type"),
    param: field("param") ?? null,
    request_id: field("request_id") ?? headers.get("x-request-id"),
    doc_url: field("doc_url") ?? null,
    retryAfter: retryAfterSeconds(headers),
  };
  const message = field("message") ?? `HTTP ${status} without an error body`;
  const ErrorClass = (code ? BY_CODE[code] : undefined) ?? BY_STATUS[status] ?? (status >= 500 ? InternalServerError : VgenError);
  return new ErrorClass(message, fields);
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}
