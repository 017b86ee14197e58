import { parseLastEventId } from "@vgen/contracts";
import { liveRecordForAccount, streamIsOver } from "@vgen/engine/generations";
import { assertStreamSlot } from "../http/stream-slots";
import { withApiKey } from "../http/with-api-key";

/**
 * GET /api/v1/videos/generations/{id}/events: re-attaches to a running or finished generation's
 * event stream, after the client's `Last-Event-ID` when it sends one (204 when it already has the
 * final event). Served by server.ts straight on the socket, and by Next.js as its route. The
 * lookup is the feed's shared read, which the stream then starts from.
 */
export const getGenerationEvents = withApiKey<{ id: string }>(async (ctx, { id }) => {
  const after = parseLastEventId(ctx.req.header("last-event-id"), ctx.req.searchParams.get("lastEventId"));
  const record = await liveRecordForAccount(ctx.db, ctx.account.id, id, ctx.apiKey.livemode, ctx.apiKey.project.id);
  ctx.tag({ generationId: id, modelId: record.modelId });
  if (streamIsOver(record, after)) return { kind: "no_content" };
  assertStreamSlot(ctx.account.id);
  return { kind: "stream", generationId: id, after };
});
