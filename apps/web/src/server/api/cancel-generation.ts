import { GenerationIdBody, parseBody } from "@vgen/contracts";
import { assertKeyMayWrite } from "@vgen/engine/accounts";
import { cancelGeneration, recordOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/cancel: cancels a generation that has not finished; its hold is released. */
export const cancelGenerationRoute = withApiKey(
  async (ctx) => {
    assertKeyMayWrite(ctx.apiKey.restrictions);
    const { id } = parseBody(GenerationIdBody, ctx.body);
    const generation = await cancelGeneration(ctx.db, ctx.account.id, id, ctx.apiKey.livemode, ctx.apiKey.project.id);
    ctx.tag({ generationId: generation.id, modelId: generation.modelId });
    return { kind: "json", status: 200, body: await recordOf(ctx.db, generation) };
  },
  { body: true },
);
