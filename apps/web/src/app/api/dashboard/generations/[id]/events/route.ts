import { getDb } from "@vgen/db";
import { generationFeed } from "@vgen/engine/generations";
import { generationEventStream } from "@/server/http/sse";
import { getSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

function problem(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status, headers: { "cache-control": "no-store" } });
}

/**
 * The playground's live status: the same event stream as the public API, authenticated by the
 * dashboard session instead of an API key, and limited to the signed-in account's generations.
 */
export async function GET(_req: Request, route: { params: Promise<{ id: string }> }): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return problem(401, "unauthenticated", "Sign in to continue.");
  const { id } = await route.params;
  const db = getDb();
  // The feed's shared read, which the stream then starts from.
  if (!(await generationFeed(db).lookup(id, user.id)))
    return problem(404, "generation_not_found", `No generation '${id}' for this account.`);
  return generationEventStream(db, id, user.id);
}
