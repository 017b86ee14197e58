import { GenerationIdBody, parseBody } from "@vgen/contracts";
import { getGenerationForAccount, recordOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/result: one generation's record as of now. */
export const getResultRoute = withApiKey(
  async (ctx) => {
    const { id } = parseBody(GenerationIdBody, ctx.body);
    const generation = await getGenerationForAccount(ctx.db, ctx.account.id, id, ctx.apiKey.livemode, ctx.apiKey.project.id);
    ctx.tag({ generationId: generation.id, modelId: generation.modelId });
    return { kind: "json", status: 200, body: await recordOf(ctx.db, generation) };
  },
  { body: true },
);
