import type { CreateGenerationInput, GenerationRecordT } from "@vgen/contracts";
import { acceptGeneration } from "@vgen/engine/generations";
import { chooseResponseMode } from "../http/response-mode";
import { withApiKey, type ApiResult } from "../http/with-api-key";

/** POST /api/v1/videos/generations: the engine's one create path; streams, or 202 with the record. */
export const createGenerationRoute = withApiKey(
  async (ctx) => {
    const reply = (body: CreateGenerationInput, record: GenerationRecordT): ApiResult =>
      chooseResponseMode(ctx.req, body) === "stream"
        ? { kind: "stream", generationId: record.id }
        : { kind: "json", status: 202, body: record, generationId: record.id };
    const keyed = ctx.idempotency;
    const { body, generation, record } = await acceptGeneration(ctx.db, {
      account: ctx.account,
      apiKeyId: ctx.apiKey.id,
      body: ctx.body,
      onModel: (model) => ctx.tag({ modelId: model.id }),
      onLimit: ctx.noteLimit,
      // The key's response is stored by the create's own statement.
      idempotency: keyed && { claim: keyed.claim, response: (b, r) => keyed.storedBy(reply(b, r)) },
    });
    ctx.tag({ generationId: generation.id });
    return reply(body, record);
  },
  { body: true },
);
