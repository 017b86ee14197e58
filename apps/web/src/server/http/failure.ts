import { ApiError } from "@vgen/contracts";
import { isDatabaseUnavailable, serviceUnavailableError, logger } from "@vgen/engine/platform";

/**
 * What an API request answers for an error its handler did not turn into an ApiError: the
 * retryable 503 when the database is unavailable (a restart, an outage, a saturated pool), else
 * 500. Both are logged; only the 500 is a bug worth a stack trace at error level.
 */
export function apiErrorFor(err: unknown, requestId: string, path: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnavailable(err)) {
    logger.warn({ requestId, path, err: (err as Error)?.message }, "database unavailable: answered 503");
    return serviceUnavailableError();
  }
  logger.error({ err, requestId, path }, "unhandled API error");
  return new ApiError("internal_error", `Something went wrong on our side (request ${requestId}).`);
}

/**
 * Status recorded for a request its client closed before the answer (nginx's 499): not a platform
 * failure and not the client's mistake, so the status page counts it neither way.
 */
export const CLIENT_CLOSED_REQUEST = 499;
