import type { z } from "zod";
import type { LedgerEntry } from "@vgen/db";
import { ledgerFilterFromDays, listLedgerLines } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";
import type { LedgerListInput } from "./list.schema";

const shown = (e: LedgerEntry) => ({
  id: e.id,
  type: e.type,
  amountMicros: e.amountMicros,
  balanceAfterMicros: e.balanceAfterMicros,
  generationId: e.generationId,
  reference: e.reference,
  reason: e.reason,
  createdAt: e.createdAt,
});

/** One page of the signed-in account's ledger, newest first: a generation's movements as one line. */
export async function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof LedgerListInput> }) {
  const page = await listLedgerLines(ctx.db, ctx.accountId, {
    filter: ledgerFilterFromDays(input),
    limit: input.limit,
    cursor: input.cursor ?? null,
  });
  return {
    lines: page.lines.map((l) =>
      l.kind === "entry"
        ? { kind: l.kind, id: l.entry.id, entry: shown(l.entry) }
        : {
            kind: l.kind,
            id: l.generationId,
            generationId: l.generationId,
            createdAt: l.createdAt,
            netMicros: l.netMicros,
            outcome: l.outcome,
            balanceAfterMicros: l.entries[l.entries.length - 1]!.balanceAfterMicros,
            entries: l.entries.map(shown),
          },
    ),
    nextCursor: page.nextCursor,
  };
}
