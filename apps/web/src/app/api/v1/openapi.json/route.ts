import { ApiError, buildOpenApiDocument } from "@vgen/contracts";
import { newId, getDb } from "@vgen/db";
import { config } from "@vgen/engine";
import { recordRequest } from "@/server/http/request-log";
import { errorResponse } from "@/server/http/respond";

export const dynamic = "force-dynamic";

/** Built once per process: the document only changes with the code. */
let cached: { baseUrl: string; body: string } | null = null;

function documentText(baseUrl: string): string {
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, body: JSON.stringify(buildOpenApiDocument(baseUrl)) };
  return cached.body;
}

/** The OpenAPI 3.1 document, generated from the zod schemas that validate requests. Public. */
export async function GET(req: Request) {
  const started = performance.now();
  const requestId = newId("request");
  let res: Response;
  let errorCode: string | null = null;
  try {
    res = new Response(documentText(config().publicBaseUrl), {
      status: 200,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=300",
        "access-control-allow-origin": "*",
        "x-request-id": requestId,
      },
    });
  } catch {
    errorCode = "internal_error";
    res = errorResponse(new ApiError("internal_error"), requestId);
  }
  recordRequest(getDb(), { requestId, accountId: null, apiKeyId: null, modelId: null, generationId: null, method: req.method, path: new URL(req.url).pathname, status: res.status, errorCode, latencyMs: Math.round(performance.now() - started) });
  return res;
}

function methodNotAllowed(req: Request) {
  return errorResponse(new ApiError("method_not_allowed", `${req.method} is not allowed here; use GET.`), newId("request"), { allow: "GET" });
}
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
