import { parseCreateGeneration } from "@vgen/contracts";
import { methodNotAllowed } from "@/server/http/with-public";
import { assertRequestUrlsAllowed, createGeneration, findEnabledModel, listGenerations, recordOf, recordsOf } from "@vgen/engine";
import { parseListQuery } from "@/server/http/list-query";
import { chooseResponseMode } from "@/server/http/response-mode";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

export const POST = withApiKey(
  async (ctx) => {
    const body = parseCreateGeneration(ctx.body);
    const model = await findEnabledModel(ctx.db, body.model);
    await assertRequestUrlsAllowed(body);
    ctx.tag({ modelId: model.id });
    await ctx.limitModel(model.id, model.rateLimitQps);
    const generation = await createGeneration(ctx.db, { account: ctx.account, apiKeyId: ctx.apiKey.id, body, model });
    ctx.tag({ generationId: generation.id, created: true });
    if (chooseResponseMode(ctx.req, body) === "stream") return { kind: "stream", generationId: generation.id };
    return { kind: "json", status: 202, body: await recordOf(ctx.db, generation), generationId: generation.id };
  },
  { body: true },
);

export const GET = withApiKey(async (ctx) => {
  const { limit, cursor } = parseListQuery(new URL(ctx.req.url).searchParams);
  const page = await listGenerations(ctx.db, ctx.account.id, limit, cursor);
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

export const { PUT, PATCH, DELETE } = methodNotAllowed("GET", "POST");
