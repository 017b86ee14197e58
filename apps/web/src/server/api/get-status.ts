import { ApiError, type ServiceStatusT } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { computeStatus } from "@vgen/engine/observability";
import { logger } from "@vgen/engine/platform";
import { json } from "../http/respond";
import { withPublic } from "../http/with-public";

const CACHE_MS = 10_000;
let cached: { at: number; status: ServiceStatusT } | null = null;

/**
 * GET /api/v1/status: the public status block (docs/api.md#status-block), from real traffic;
 * recomputed at most every 10 s. Public.
 */
export const getStatusRoute = withPublic(async () => {
  try {
    if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), status: await computeStatus(getDb()) };
  } catch (err) {
    logger.error({ err }, "status could not be computed");
    throw new ApiError("service_unavailable", "Status data is temporarily unavailable.", null, { "retry-after": "5" });
  }
  return json(200, cached.status, { "cache-control": "public, max-age=10" });
});
