import { parseListQuery } from "@vgen/contracts";
import { listGenerations, recordsOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** GET /api/v1/videos/generations: the account's generations of the key's mode, newest first, by cursor. */
export const listGenerationsRoute = withApiKey(async (ctx) => {
  const { limit, cursor } = parseListQuery(ctx.req.searchParams);
  const page = await listGenerations(ctx.db, ctx.account.id, limit, cursor, ctx.apiKey.livemode);
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
