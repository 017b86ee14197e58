import { ApiError, parseLastEventId } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { generationFeed, streamIsOver } from "@vgen/engine/generations";
import { generationEventStream } from "@/server/http/sse";
import { getSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

function problem(status: number, code: string, message: string, param: string | null = null): Response {
  return Response.json({ error: { code, message, param } }, { status, headers: { "cache-control": "no-store" } });
}

/**
 * The playground's live status: the same event stream as the public API (Last-Event-ID and the
 * 204 after the end included), authenticated by the dashboard session instead of an API key, and
 * limited to the signed-in account's generations.
 */
export async function GET(req: Request, route: { params: Promise<{ id: string }> }): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return problem(401, "unauthenticated", "Sign in to continue.");
  const { id } = await route.params;
  let after: number | null;
  try {
    after = parseLastEventId(req.headers.get("last-event-id"), new URL(req.url).searchParams.get("lastEventId"));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return problem(err.status, err.code, err.message, err.param);
  }
  const db = getDb();
  // The feed's shared read, which the stream then starts from.
  const record = await generationFeed(db).lookup(id, user.id);
  if (!record) return problem(404, "generation_not_found", `No generation '${id}' for this account.`);
  if (streamIsOver(record, after)) return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  return generationEventStream({ db, generationId: id, accountId: user.id, after });
}
