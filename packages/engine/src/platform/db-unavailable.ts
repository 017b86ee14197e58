import { ApiError } from "@vgen/contracts";

/**
 * Whether an error means "the database cannot be used right now" (down, restarting, unreachable,
 * out of connections, or our pool had none to give in time) rather than a bug or bad input. Such
 * failures are ours but temporary: callers answer 503 with Retry-After, and background work retries.
 *
 * Errors reach us in three shapes: node-postgres errors (socket codes, SQLSTATE codes, or a bare
 * "Connection terminated" Error for a connection lost mid-query), Prisma errors (P-codes, with the
 * driver adapter's classification under `meta.driverAdapterError`), and wrappers that keep the
 * original as `cause`. The whole chain is examined.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length) {
    const e = pending.pop();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (matches(e as ErrorLike)) return true;
    const { cause, meta, errors } = e as ErrorLike;
    pending.push(cause, meta?.driverAdapterError);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** Sockets that failed or closed under a connection. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * SQLSTATE: class 08 (connection exception); 57P01-57P03 (admin shutdown, crash shutdown, cannot
 * connect now: starting up, shutting down, in recovery); 53300 (too many connections); 57014 and
 * 55P03 (a statement or lock wait that outlived DATABASE_QUERY_TIMEOUT_MS: an overloaded or stuck
 * database, not a bad request).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014|55P03)$/;

/**
 * Prisma: P1001 can't reach the server, P1002 it timed out, P1008 operation timed out, P1017 the
 * server closed the connection, P2024 no pool connection in time, P2037 too many connections.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);

/** The driver adapter's own classification (Prisma 7 driver adapters). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** Failures that node-postgres and Prisma report by message only. */
const MESSAGES = [
  /^Connection terminated/, // node-postgres: the server went away mid-query
  /timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /Query read timeout/, // node-postgres: no answer within query_timeout (a frozen server)
  /is not queryable/, // node-postgres: a client whose connection already failed
  /Unable to start a transaction in the given time/, // Prisma P2028: every pool connection busy
];

function matches(e: ErrorLike): boolean {
  const code = typeof e.code === "string" ? e.code : "";
  if (code === DATABASE_UNAVAILABLE_CODE || SOCKET_CODES.has(code) || SQLSTATE.test(code) || PRISMA_CODES.has(code)) return true;
  if (typeof e.originalCode === "string" && SQLSTATE.test(e.originalCode)) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return MESSAGES.some((re) => re.test(message));
}

const DATABASE_UNAVAILABLE_CODE = "VGEN_DATABASE_UNAVAILABLE";

/**
 * A database failure carried through code that swallows errors (next-auth's callbacks turn any
 * error into "signed out"): the caller rethrows it as this, and it is classified like the original.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = DATABASE_UNAVAILABLE_CODE;
  constructor(message = "The database is unavailable.") {
    super(message);
  }
}
/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The API's answer while the database is unavailable: retryable, with Retry-After. */
export function serviceUnavailableError(): ApiError {
  return new ApiError(
    "service_unavailable",
    "The service is briefly unable to reach its database. Retry in a moment with the same Idempotency-Key.",
    null,
    { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}

/**
 * Runs `fn`, and again after a growing delay (up to `maxDelayMs`) for as long as it fails because
 * the database is unavailable; any other failure is thrown at once. For work that must not be lost
 * to an outage, such as recording a finished render.
 */
export async function retryWhileDatabaseUnavailable<T>(
  fn: () => Promise<T>,
  onRetry: (err: unknown, attempt: number) => void = () => {},
  { firstDelayMs = 250, maxDelayMs = 5_000 } = {},
): Promise<T> {
  for (let attempt = 1, delay = firstDelayMs; ; attempt++, delay = Math.min(maxDelayMs, delay * 2)) {
    try {
      return await fn();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      onRetry(err, attempt);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
