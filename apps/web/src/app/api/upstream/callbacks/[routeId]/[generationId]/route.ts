// A provider's webhook about one of our upstream jobs (docs/providers.md#exactly-once). The adapter
// verifies the provider's signature; the engine records what it says and wakes the generation.
import { getDb } from "@vgen/db";
import { receiveUpstreamCallback } from "@vgen/engine/generations";
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const ANSWERS = {
  accepted: [200, { received: true }],
  ignored: [200, { received: true, ignored: true }],
  not_found: [404, { error: "No such route or generation." }],
  forged: [401, { error: "The signature does not verify." }],
  retry: [503, { error: "The signature cannot be checked right now." }],
} as const;

export async function POST(req: Request, ctx: { params: Promise<{ routeId: string; generationId: string }> }) {
  const { routeId, generationId } = await ctx.params;
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = Buffer.from(await req.arrayBuffer());
  const outcome = await receiveUpstreamCallback(getDb(), routeId, generationId, headers, body);
  const [status, json] = ANSWERS[outcome];
  return Response.json(json, { status, headers: status === 503 ? { "retry-after": "30" } : {} });
}
