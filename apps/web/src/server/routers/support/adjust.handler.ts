import type { z } from "zod";
import { formatAmount, parseUsd } from "@vgen/contracts";
import { adjustBalance } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AdjustInput } from "./adjust.schema";

/** "+5", "-2.50": the sign is split off and the rest parsed as dollars without floats. */
export async function adjustHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AdjustInput> }) {
  const negative = input.amount.startsWith("-");
  const micros = parseUsd(input.amount.replace(/^[-+]/, ""));
  const res = await adjustBalance(ctx.db, {
    accountId: input.accountId,
    amountMicros: negative ? -micros : micros,
    actorId: ctx.user.id,
    reason: input.reason,
  });
  return { amount: formatAmount(res.ledgerEntry.amountMicros), balanceAfter: formatAmount(res.ledgerEntry.balanceAfterMicros) };
}
