import { ConcatBody, parseBody } from "@vgen/contracts";
import { assertKeyMayWrite } from "@vgen/engine/accounts";
import { concatChain, recordOf } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/concat: joins an extension chain into one MP4, a completed record of its own (no charge). */
export const concatGenerationsRoute = withApiKey(
  async (ctx) => {
    assertKeyMayWrite(ctx.apiKey.restrictions);
    const { id } = parseBody(ConcatBody, ctx.body);
    const generation = await concatChain(ctx.db, {
      accountId: ctx.account.id,
      apiKeyId: ctx.apiKey.id,
      id,
      livemode: ctx.apiKey.livemode,
      projectId: ctx.apiKey.project.id,
    });
    ctx.tag({ generationId: generation.id, modelId: generation.modelId });
    return { kind: "json", status: 200, body: await recordOf(ctx.db, generation) };
  },
  { body: true },
);
