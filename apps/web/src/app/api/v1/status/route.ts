import { ApiError, type ServiceStatusT } from "@vgen/contracts";
import { newId, getDb } from "@vgen/db";
import { computeStatus, logger } from "@vgen/engine";
import { recordRequest } from "@/server/http/request-log";
import { errorResponse, json } from "@/server/http/respond";

export const dynamic = "force-dynamic";

const CACHE_MS = 10_000;
let cached: { at: number; status: ServiceStatusT } | null = null;

/** The status block of SPEC §8, from real traffic; recomputed at most every 10 s. Public. */
export async function GET(req: Request) {
  const started = performance.now();
  const requestId = newId("request");
  const db = getDb();
  let res: Response;
  let errorCode: "service_unavailable" | null = null;
  try {
    if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), status: await computeStatus(db) };
    res = json(200, cached.status, { "cache-control": "public, max-age=10", "x-request-id": requestId });
  } catch (err) {
    logger.error({ err, requestId }, "status could not be computed");
    errorCode = "service_unavailable";
    res = errorResponse(new ApiError("service_unavailable", "Status data is temporarily unavailable."), requestId, { "retry-after": "5" });
  }
  recordRequest(db, { requestId, accountId: null, apiKeyId: null, modelId: null, generationId: null, method: req.method, path: new URL(req.url).pathname, status: res.status, errorCode, latencyMs: Math.round(performance.now() - started) });
  return res;
}

function methodNotAllowed(req: Request) {
  return errorResponse(new ApiError("method_not_allowed", `${req.method} is not allowed here; use GET.`), newId("request"), { allow: "GET" });
}
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
