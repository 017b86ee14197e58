import { acceptGeneration } from "@vgen/engine";
import { chooseResponseMode } from "../http/response-mode";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/generations: the engine's one create path; streams, or 202 with the record. */
export const createGenerationRoute = withApiKey(
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
