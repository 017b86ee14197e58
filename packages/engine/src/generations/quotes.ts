import { createHash } from "node:crypto";
import { ApiError, type CreateGenerationInput } from "@vgen/contracts";
import type { Db, Quote } from "@vgen/db";
import type { ResolvedRequest } from "../catalog";

/**
 * The request a quote binds, normalized: the validated body with the model's defaults applied
 * (so `duration` left out and the default sent are the same request), without the fields that
 * do not change the work (`stream`, the response mode, and `quoteId` itself), keys sorted.
 */
export function requestHash(body: CreateGenerationInput, resolved: ResolvedRequest): string {
  const { quoteId: _quoteId, stream: _stream, ...work } = body;
  const normalized = {
    ...work,
    model: resolved.model.id,
    duration: resolved.duration,
    size: resolved.size,
    aspectRatio: resolved.aspectRatio,
    n: resolved.n,
  };
  return createHash("sha256").update(canonicalJson(normalized)).digest("hex");
}

/** JSON with object keys sorted at every level and undefined members left out. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function quoteAlreadyUsed(): ApiError {
  return new ApiError("quote_already_used", "This quote has already served a generation; ask for a new quote.", "quoteId");
}

/**
 * The quote a create may use: this account's, of this mode (another's is indistinguishable from a
 * missing one), unexpired, unused, and made for this very request. Spending it happens in the
 * create's own statement (accept-statement.ts), so two creates racing with it get one generation.
 */
export async function redeemableQuote(
  db: Db,
  input: { accountId: string; livemode: boolean; quoteId: string; body: CreateGenerationInput; resolved: ResolvedRequest },
): Promise<Quote> {
  const quote = await db.quote.findFirst({ where: { id: input.quoteId, accountId: input.accountId, livemode: input.livemode } });
  if (!quote) throw new ApiError("quote_not_found", `No quote '${input.quoteId}' for this account and mode.`, "quoteId");
  if (quote.usedAt) throw quoteAlreadyUsed();
  if (quote.expiresAt.getTime() <= Date.now())
    throw new ApiError("quote_expired", `Quote '${quote.id}' expired at ${quote.expiresAt.toISOString()}.`, "quoteId");
  if (quote.requestHash !== requestHash(input.body, input.resolved))
    throw new ApiError(
      "quote_mismatch",
      `This request differs from the one quote '${quote.id}' was made for; only \`stream\` may differ.`,
      "quoteId",
    );
  return quote;
}
