import { GenerationIdBody, parseBody } from "@vgen/contracts";
import { getHotStatements } from "@vgen/db";
import { readGenerationOfKey, recordOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/result: one generation's record as of now (read on the hot-statements pool: the poll path). */
export const getResultRoute = withApiKey(
  async (ctx) => {
    const { id } = parseBody(GenerationIdBody, ctx.body);
    const key = { accountId: ctx.account.id, livemode: ctx.apiKey.livemode, projectId: ctx.apiKey.project.id };
    const generation = await readGenerationOfKey(getHotStatements(), key, id);
    ctx.tag({ generationId: generation.id, modelId: generation.modelId });
    return { kind: "json", status: 200, body: await recordOf(ctx.db, generation) };
  },
  { body: true },
);
