import type { z } from "zod";
import { getGenerationDetail, historyView } from "@vgen/engine/generations";
import type { AuthedContext } from "../../trpc";
import type { GenerationDetailInput } from "./get.schema";

/** One generation of the signed-in account with its route attempt outcomes and ledger entries. */
export async function getHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof GenerationDetailInput> }) {
  const detail = await getGenerationDetail(ctx.db, ctx.accountId, input.id);
  return {
    generation: historyView(detail.generation),
    routeAttempts: detail.routeAttempts,
    ledger: detail.ledger.map((e) => ({
      id: e.id,
      type: e.type,
      amountMicros: e.amountMicros,
      balanceAfterMicros: e.balanceAfterMicros,
      createdAt: e.createdAt,
    })),
  };
}
