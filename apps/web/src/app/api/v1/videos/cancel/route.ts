import { GenerationIdBody, parseBody } from "@vgen/contracts";
import { methodNotAllowed } from "@/server/http/with-public";
import { cancelGeneration, recordOf } from "@vgen/engine";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

/** Cancels a generation that has not finished; its hold is released. */
export const POST = withApiKey(
  async (ctx) => {
    const { id } = parseBody(GenerationIdBody, ctx.body);
    const generation = await cancelGeneration(ctx.db, ctx.account.id, id);
    ctx.tag({ generationId: generation.id, modelId: generation.modelId });
    return { kind: "json", status: 200, body: await recordOf(ctx.db, generation) };
  },
  { body: true },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
