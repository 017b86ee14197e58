import type { z } from "zod";
import { ledgerFilterFromDays, listLedgerEntries } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";
import type { LedgerListInput } from "./list.schema";

/** One page of the signed-in account's ledger, newest first. */
export async function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof LedgerListInput> }) {
  const page = await listLedgerEntries(ctx.db, ctx.accountId, {
    filter: ledgerFilterFromDays(input),
    limit: input.limit,
    cursor: input.cursor ?? null,
  });
  return {
    entries: page.entries.map((e) => ({
      id: e.id,
      type: e.type,
      amountMicros: e.amountMicros,
      balanceAfterMicros: e.balanceAfterMicros,
      generationId: e.generationId,
      reference: e.reference,
      reason: e.reason,
      createdAt: e.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}
