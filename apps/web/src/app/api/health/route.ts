import { getDb } from "@vgen/db";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for load balancers and the start command. */
export async function GET() {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503 });
  }
}
