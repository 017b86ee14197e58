import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { ledgerFilterFromDays, listLedgerEntries } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import type { LedgerListInput } from "./list.schema";

/** One page of the signed-in account's ledger, newest first. */
export async function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof LedgerListInput> }) {
  let page;
  try {
    page = await listLedgerEntries(ctx.db, ctx.user.id, {
      filter: ledgerFilterFromDays(input),
      limit: input.limit,
      cursor: input.cursor ?? null,
    });
  } catch (err) {
    // A cursor this list did not return (invalid_cursor) is the caller's mistake, not a 500.
    if (err instanceof ApiError) throw new TRPCError({ code: "BAD_REQUEST", message: err.message });
    throw err;
  }
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
