import { databaseSupervisor } from "@vgen/engine/observability";

export const dynamic = "force-dynamic";

/**
 * Liveness: the process is up and serving, whatever its dependencies do (a process supervisor
 * restarts on this). Whether it can work now is `/api/health/ready`. With the embedded database,
 * its supervisor's state: `restarting` while it brings PostgreSQL back.
 */
export function GET() {
  const postgres = databaseSupervisor();
  return Response.json(
    { status: "ok", ...(postgres ? { embedded_postgres: postgres } : {}) },
    {
      headers: { "cache-control": "no-store" },
    },
  );
}
