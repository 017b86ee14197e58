import { methodNotAllowed } from "@/server/http/with-public";
import { acceptGeneration, listGenerations, recordsOf } from "@vgen/engine";
import { parseListQuery } from "@/server/http/list-query";
import { chooseResponseMode } from "@/server/http/response-mode";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

export const POST = withApiKey(
  async (ctx) => {
    const { body, generation, record } = await acceptGeneration(ctx.db, {
      account: ctx.account,
      apiKeyId: ctx.apiKey.id,
      body: ctx.body,
      onModel: (model) => ctx.tag({ modelId: model.id }),
      onLimit: ctx.noteLimit,
    });
    ctx.tag({ generationId: generation.id, created: true });
    if (chooseResponseMode(ctx.req, body) === "stream") return { kind: "stream", generationId: generation.id };
    return { kind: "json", status: 202, body: record, generationId: generation.id };
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
