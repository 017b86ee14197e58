import type { z } from "zod";
import { getGenerationForAccount, recordOf } from "@vgen/engine/generations";
import type { AuthedContext } from "../../trpc";
import type { GenerationIdInput } from "./get.schema";

/** One generation of the signed-in account (the fallback when the event stream is unavailable). */
export async function getHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof GenerationIdInput> }) {
  return recordOf(ctx.db, await getGenerationForAccount(ctx.db, ctx.user.id, input.id));
}
