import type { Db } from "@vgen/db";
import { bufferRequestLog, logger, metrics, routeLabel } from "@vgen/engine";

export interface RequestRecord {
  requestId: string;
  accountId: string | null;
  apiKeyId: string | null;
  modelId: string | null;
  generationId: string | null;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
}

/** Logs and stores the request for statistics and the status page, off the response path (batched). */
export function recordRequest(db: Db, r: RequestRecord): void {
  logger.info({ requestId: r.requestId, method: r.method, path: r.path, status: r.status, code: r.errorCode, ms: r.latencyMs }, "api request");
  const route = routeLabel(r.path);
  metrics().apiRequests.inc({ method: r.method, route, status: String(r.status), code: r.errorCode ?? "" });
  metrics().apiLatency.observe({ route }, r.latencyMs / 1000);
  bufferRequestLog(db, { id: r.requestId, ...r, createdAt: new Date() });
}
