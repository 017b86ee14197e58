import type { ServerResponse } from "node:http";
import { DATABASE_RETRY_AFTER_SECONDS } from "@vgen/engine/platform";

/**
 * Next.js answers a page whose render failed with 500. When the failure was the database being
 * unavailable (`databaseUnavailable()`, from the request's outage scope), the answer is 503 with
 * Retry-After instead: the browser, a crawler or a monitor sees an outage to retry, not a bug.
 */
export function answerOutageAs503(res: ServerResponse, databaseUnavailable: () => boolean): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status !== 500 || !databaseUnavailable()) return writeHead(status, ...rest);
    res.setHeader("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    res.setHeader("cache-control", "no-store");
    // A status message given for the 500 would say "Internal Server Error": keep only the headers.
    return writeHead(503, ...rest.filter((r) => typeof r !== "string"));
  } as ServerResponse["writeHead"];
}
