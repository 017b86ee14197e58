import { liveRecordForAccount } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/**
 * GET /api/v1/videos/generations/{id}/events: re-attaches to a running or finished generation's
 * event stream. Served by server.ts straight on the socket, and by Next.js as its route. The
 * lookup is the feed's shared read, which the stream then starts from.
 */
export const getGenerationEvents = withApiKey<{ id: string }>(async (ctx, { id }) => {
  const record = await liveRecordForAccount(ctx.db, ctx.account.id, id, ctx.apiKey.livemode);
  ctx.tag({ generationId: id, modelId: record.modelId });
  return { kind: "stream", generationId: id };
});
