import { parseCreateGeneration } from "@vgen/contracts";
import { createGeneration, listGenerations, recordOf } from "@vgen/engine";
import { readJsonBody } from "@/server/http/body";
import { json } from "@/server/http/respond";
import { generationEventStream } from "@/server/http/sse";
import { withApiKey } from "@/server/http/with-api-key";
import { parseListQuery } from "@/server/http/list-query";
import { chooseResponseMode } from "@/server/http/response-mode";

export const dynamic = "force-dynamic";

export const POST = withApiKey(async (ctx) => {
  const body = parseCreateGeneration(await readJsonBody(ctx.req));
  ctx.tag({ modelId: body.model });
  const generation = await createGeneration(ctx.db, { account: ctx.account, apiKeyId: ctx.apiKey.id, body });
  ctx.tag({ generationId: generation.id });
  if (chooseResponseMode(ctx.req, body) === "stream") {
    return generationEventStream(ctx.db, generation.id, ctx.account.id);
  }
  return json(202, await recordOf(ctx.db, generation));
});

export const GET = withApiKey(async (ctx) => {
  const { limit, cursor } = parseListQuery(new URL(ctx.req.url).searchParams);
  const page = await listGenerations(ctx.db, ctx.account.id, limit, cursor);
  return json(200, {
    object: "list",
    data: await Promise.all(page.data.map((g) => recordOf(ctx.db, g))),
    has_more: page.nextCursor !== null,
    next_cursor: page.nextCursor,
  });
});
