import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@vgen/config";
import { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { metrics } from "@vgen/engine/observability";
import { errorResponse } from "@/server/errors/http";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

/**
 * Prometheus scrape endpoint, closed unless METRICS_TOKEN is set: then it answers to
 * `Authorization: Bearer <METRICS_TOKEN>` only. Unset, it does not exist (404), so that a fresh
 * deployment exposes nothing about its traffic.
 */
export async function GET(req: Request) {
  const token = env().METRICS_TOKEN;
  const requestId = newId("req");
  if (!token) return errorResponse(new ApiError("route_not_found", `No endpoint ${req.method} /api/metrics.`), requestId);
  const header = req.headers.get("authorization");
  if (!header)
    return errorResponse(
      new ApiError("missing_api_key", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`."),
      requestId,
    );
  if (!sameSecret(header, `Bearer ${token}`))
    return errorResponse(new ApiError("invalid_api_key", "The metrics token is wrong."), requestId);
  const registry = metrics().registry;
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
