import { quoteGeneration } from "@vgen/engine/generations";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/videos/quote: a binding quote for a create body (docs/api.md#binding-quotes). */
export const createQuoteRoute = withApiKey(
  async (ctx) => {
    const quote = await quoteGeneration(ctx.db, {
      account: ctx.account,
      keyRestrictions: ctx.apiKey.restrictions,
      project: ctx.apiKey.project,
      body: ctx.body,
      livemode: ctx.apiKey.livemode,
      onModel: (model) => ctx.tag({ modelId: model.id }),
      onLimit: ctx.noteLimit,
    });
    return { kind: "json", status: 200, body: quote };
  },
  { body: true },
);
