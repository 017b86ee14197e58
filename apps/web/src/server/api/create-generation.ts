import type { CreateGenerationInput, GenerationRecordT } from "@vgen/contracts";
import { acceptGeneration, waitForOutcome } from "@vgen/engine/generations";
import { cancelAfterSeconds } from "../http/cancel-after";
import { preferredWait } from "../http/prefer";
import { chooseResponseMode, refuseWaitOnStream } from "../http/response-mode";
import { assertStreamSlot } from "../http/stream-slots";
import { withApiKey, type ApiResult } from "../http/with-api-key";

/** POST /api/v1/videos/generations: the engine's one create path; streams, or 202 with the record. */
export const createGenerationRoute = withApiKey(
  async (ctx) => {
    const wait = preferredWait(ctx.req);
    if (wait !== null) refuseWaitOnStream(ctx.req, ctx.body);
    // Refused before anything is held: the answer would be a stream the account has no slot for.
    const asked = (typeof ctx.body === "object" && ctx.body !== null ? ctx.body : {}) as CreateGenerationInput;
    if (chooseResponseMode(ctx.req, asked, wait !== null) === "stream") assertStreamSlot(ctx.account.id);
    const reply = (body: CreateGenerationInput, record: GenerationRecordT): ApiResult =>
      chooseResponseMode(ctx.req, body, wait !== null) === "stream"
        ? { kind: "stream", generationId: record.id }
        : { kind: "json", status: 202, body: record, generationId: record.id };
    const keyed = ctx.idempotency;
    const { body, generation, record } = await acceptGeneration(ctx.db, {
      account: ctx.account,
      apiKeyId: ctx.apiKey.id,
      keyRestrictions: ctx.apiKey.restrictions,
      project: ctx.apiKey.project,
      body: ctx.body,
      cancelAfterSeconds: cancelAfterSeconds(ctx.req),
      livemode: ctx.apiKey.livemode,
      onModel: (model) => ctx.tag({ modelId: model.id }),
      onLimit: ctx.noteLimit,
      // The key's response is stored by the create's own statement.
      idempotency: keyed && { claim: keyed.claim, response: (b, r) => keyed.storedBy(reply(b, r)) },
    });
    ctx.tag({ generationId: generation.id });
    const result = reply(body, record);
    if (wait === null || result.kind === "stream") return result;
    // Held until the generation ends (200, its terminal record) or the wait is over (202, as it is now).
    const outcome = await waitForOutcome(ctx.db, ctx.account.id, generation.id, wait);
    return {
      kind: "json",
      status: outcome.terminal ? 200 : 202,
      body: JSON.parse(outcome.json),
      generationId: generation.id,
      headers: { "preference-applied": `wait=${wait}` },
    };
  },
  { body: true },
);
