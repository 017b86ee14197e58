import {
  ApiError,
  formatPricePerSecond,
  formatTimestamp,
  formatUsd,
  QUOTE_TTL_SECONDS,
  type QuoteRecordT,
} from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { admitRequest, type AcceptGenerationInput } from "./accept";
import { requestHash } from "./quotes";
import { assessRequest } from "./store";

/**
 * POST /api/v1/videos/quote: the same checks and figures as a create of this body, stored for 10
 * minutes as a ceiling on the price of the one create that carries its id (docs/api.md#binding-quotes).
 * Nothing is held: a quote does not reserve balance.
 */
export async function quoteGeneration(
  db: Db,
  input: Pick<AcceptGenerationInput, "account" | "keyRestrictions" | "body" | "onModel" | "onLimit" | "livemode" | "project">,
): Promise<QuoteRecordT> {
  const { body, model } = await admitRequest(db, input, "quote");
  if (body.quoteId !== undefined)
    throw new ApiError("unknown_parameter", "A quote request cannot carry `quoteId`; send the create body alone.", "quoteId");
  const livemode = input.livemode ?? true;
  const assessed = await assessRequest(db, { account: input.account, body, model, livemode });
  const createdAt = new Date();
  const quote = await db.quote.create({
    data: {
      id: newId("quo"),
      accountId: input.account.id,
      livemode,
      modelId: model.id,
      requestHash: requestHash(body, assessed.resolved),
      priceMicrosPerSecond: assessed.priceMicrosPerSecond,
      billedSeconds: assessed.billedSeconds,
      costMicros: assessed.costMicros,
      etaSeconds: assessed.eta.etaSeconds,
      expiresAt: new Date(createdAt.getTime() + QUOTE_TTL_SECONDS * 1000),
      createdAt,
    },
  });
  return {
    quote_id: quote.id,
    model: quote.modelId,
    price: formatPricePerSecond(quote.priceMicrosPerSecond),
    billed_seconds: quote.billedSeconds,
    cost: formatUsd(quote.costMicros),
    eta_seconds: quote.etaSeconds,
    expires_at: formatTimestamp(quote.expiresAt),
    livemode: quote.livemode,
  };
}
