import { ApiError } from "@vgen/contracts";
import { config } from "@vgen/engine";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  return json(error.status, error.toBody(config().publicBaseUrl, requestId), {
    ...error.headers,
    ...headers,
    "x-request-id": requestId,
  });
}
