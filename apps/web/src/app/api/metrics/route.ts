import { metrics } from "@vgen/engine";

export const dynamic = "force-dynamic";

/**
 * Prometheus scrape endpoint. Set METRICS_TOKEN to require `Authorization: Bearer <token>`;
 * without it the endpoint is open, as on a private network.
 */
export async function GET(req: Request) {
  const token = process.env.METRICS_TOKEN;
  if (token && req.headers.get("authorization") !== `Bearer ${token}`) return new Response("unauthorized\n", { status: 401 });
  const registry = metrics().registry;
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}
