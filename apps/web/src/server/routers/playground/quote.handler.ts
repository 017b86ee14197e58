import type { z } from "zod";
import { getAccount } from "@vgen/engine/accounts";
import { quoteGeneration } from "@vgen/engine/generations";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import { apiBodyOf } from "./create.schema";
import type { PlaygroundQuoteInput } from "./quote.schema";

/**
 * A binding quote for the form's request (POST /api/v1/videos/quote's engine call): cost, billed
 * seconds, ETA and expiry, valid for one create of the same values in the same mode.
 */
export async function quoteHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof PlaygroundQuoteInput> }) {
  const account = await getAccount(ctx.db, ctx.accountId);
  return quoteGeneration(ctx.db, { account, body: apiBodyOf(input), livemode: livemodeOfRequest(ctx.headers) });
}
