import { ApiError, listErrors } from "@vgen/contracts";
import { newId, getDb } from "@vgen/db";
import { config } from "@vgen/engine";
import { recordRequest } from "@/server/http/request-log";
import { errorResponse, json } from "@/server/http/respond";

export const dynamic = "force-dynamic";

/** The error catalog as JSON: the same source as the /errors page. Public. */
export async function GET(req: Request) {
  const started = performance.now();
  const requestId = newId("request");
  const res = json(200, { object: "list", data: listErrors(config().publicBaseUrl) }, { "cache-control": "public, max-age=300", "x-request-id": requestId });
  recordRequest(getDb(), { requestId, accountId: null, apiKeyId: null, modelId: null, generationId: null, method: req.method, path: new URL(req.url).pathname, status: 200, errorCode: null, latencyMs: Math.round(performance.now() - started) });
  return res;
}

function methodNotAllowed(req: Request) {
  return errorResponse(new ApiError("method_not_allowed", `${req.method} is not allowed here; use GET.`), newId("request"), { allow: "GET" });
}
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
