import { parseListQuery } from "@vgen/contracts";
import { listGenerations, recordsOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** GET /api/v1/videos/generations: the generations of the key's project and mode, newest first, by cursor. */
export const listGenerationsRoute = withApiKey(async (ctx) => {
  const { limit, cursor } = parseListQuery(ctx.req.searchParams);
  const page = await listGenerations(ctx.db, ctx.account.id, limit, cursor, ctx.apiKey.livemode, ctx.apiKey.project.id);
  return {
    kind: "json",
    status: 200,
    body: {
      object: "list",
      data: await recordsOf(ctx.db, page.data),
      has_more: page.nextCursor !== null,
      next_cursor: page.nextCursor,
    },
  };
});
