import { ApiError, parseLastEventId } from "@vgen/contracts";
import { generationFeed, streamIsOver } from "@vgen/engine/generations";
import { generationEventStream } from "@/server/http/sse";
import { withSession } from "@/server/http/with-session";

export const dynamic = "force-dynamic";

/**
 * The playground's live status: the same event stream as the public API (Last-Event-ID and the
 * 204 after the end included), authenticated by the dashboard session instead of an API key, and
 * limited to the signed-in account's generations.
 */
export const GET = withSession<{ id: string }>("route:generations.events", async ({ req, db, accountId }, { id }) => {
  const after = parseLastEventId(req.headers.get("last-event-id"), new URL(req.url).searchParams.get("lastEventId"));
  // The feed's shared read, which the stream then starts from.
  const record = await generationFeed(db).lookup(id, accountId);
  if (!record) throw new ApiError("generation_not_found", `No generation '${id}' for this account.`);
  if (streamIsOver(record, after)) return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  return generationEventStream({ db, generationId: id, accountId, after });
});
