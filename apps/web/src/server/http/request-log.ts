import type { Db } from "@vgen/db";
import { bufferRequestLog, methodLabel, metrics, routeLabel, type RequestLogRow } from "@vgen/engine/observability";
import { logger } from "@vgen/engine/platform";
/** What the API wrapper knows of a request when it answers; the writer adds the row's id and time. */
export type RequestRecord = Omit<RequestLogRow, "id" | "createdAt">;

/** Logs and stores the request for statistics and the status page, off the response path (batched). */
export function recordRequest(db: Db, r: RequestRecord): void {
  logger.info(
    { requestId: r.requestId, method: r.method, path: r.path, status: r.status, code: r.errorCode, ms: r.latencyMs },
    "api request",
  );
  const route = routeLabel(r.path);
  metrics().apiRequests.inc({ method: methodLabel(r.method), route, status: String(r.status), code: r.errorCode ?? "" });
  metrics().apiLatency.observe({ route }, r.latencyMs / 1000);
  bufferRequestLog(db, { id: r.requestId, ...r, createdAt: new Date() });
}
