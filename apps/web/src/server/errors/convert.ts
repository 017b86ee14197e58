import { env } from "@vgen/config";
import { ApiError, type ErrorBody } from "@vgen/contracts";
import { ZodError } from "zod";
import { isDatabaseUnavailable, logger, serviceUnavailableError } from "@vgen/engine/platform";

/**
 * The one place a thrown value becomes an answer (issue 23): every outlet (the HTTP adapters in
 * ./http.ts for the public API, the dashboard's routes and the Stripe webhook; the tRPC adapter in
 * ./trpc.ts) asks here what it is, and only errorBody writes the catalog's error envelope.
 */

/**
 * What a thrown value is to the caller: a refusal from the catalog they can act on (an ApiError,
 * domain errors included), input a schema refused, the database being unavailable (temporary: a
 * 503 with Retry-After), or our own bug (500; its details never reach the caller).
 */
export type FailureKind = "refusal" | "invalid_input" | "unavailable" | "internal";

export function failureKind(err: unknown): FailureKind {
  if (err instanceof ApiError) return "refusal";
  if (err instanceof ZodError) return "invalid_input";
  if (isDatabaseUnavailable(err)) return "unavailable";
  return "internal";
}

/** Where a failure happened, for its log line. */
export interface FailureSite {
  requestId: string;
  path: string;
}

/**
 * The catalog error an HTTP request answers for anything thrown under it. Both failures of ours are
 * logged; only the 500 is a bug worth a stack trace at error level.
 */
export function apiErrorOf(err: unknown, site: FailureSite): ApiError {
  switch (failureKind(err)) {
    case "refusal":
      return err as ApiError;
    case "invalid_input":
      return invalidInputError(err as ZodError);
    case "unavailable":
      logger.warn({ ...site, err: (err as Error)?.message }, "database unavailable: answered 503");
      return serviceUnavailableError();
    case "internal":
      logger.error({ err, ...site }, "unhandled API error");
      return new ApiError("internal_error", `Something went wrong on our side (request ${site.requestId}).`);
  }
}

/** A schema's refusal that no handler turned into its own catalog error: its first issue, by parameter. */
function invalidInputError(error: ZodError): ApiError {
  const issue = error.issues[0];
  const param = issue?.path.length ? issue.path.map(String).join(".") : null;
  return new ApiError("invalid_parameter", `Invalid '${param ?? "input"}': ${issue?.message ?? "refused"}.`, param);
}

/** The catalog's error envelope; nothing else builds one. */
export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return error.toBody(env().PUBLIC_BASE_URL, requestId);
}
