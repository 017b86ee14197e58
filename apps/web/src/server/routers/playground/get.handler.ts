import type { z } from "zod";
import { getGenerationForAccount, recordOf } from "@vgen/engine/generations";
import type { AuthedContext } from "../../trpc";
import type { GenerationIdInput } from "./get.schema";

/**
 * One generation of the signed-in account (the fallback when the event stream is unavailable), with
 * its price in micro-dollars so the page shows the charge without reading it back from the record's text.
 */
export async function getHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof GenerationIdInput> }) {
  const generation = await getGenerationForAccount(ctx.db, ctx.accountId, input.id);
  return { ...(await recordOf(ctx.db, generation)), priceMicrosPerSecond: generation.priceMicrosPerSecond };
}
