import { getDb } from "@vgen/db";
import { databaseSupervisor, readiness } from "@vgen/engine/observability";
import { DATABASE_RETRY_AFTER_SECONDS } from "@vgen/engine/platform";

export const dynamic = "force-dynamic";

/**
 * Readiness, for load balancers and the start command: the database answers, output storage takes
 * a write, the job queue answers. 503 (with Retry-After) naming the failing checks when not ready.
 */
export async function GET() {
  const { ready, checks } = await readiness(getDb());
  const postgres = databaseSupervisor();
  return Response.json(
    { status: ready ? "ready" : "unavailable", checks, ...(postgres ? { embedded_postgres: postgres } : {}) },
    {
      status: ready ? 200 : 503,
      headers: { "cache-control": "no-store", ...(ready ? {} : { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) }) },
    },
  );
}
