import type { z } from "zod";
import { formatAmount, parseUsd } from "@vgen/contracts";
import { refundGeneration } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { RefundInput } from "./refund.schema";

export async function refundHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RefundInput> }) {
  const res = await refundGeneration(ctx.db, {
    generationId: input.generationId,
    actorId: ctx.user.id,
    reason: input.reason,
    amountMicros: input.amount ? parseUsd(input.amount) : undefined,
  });
  return { amount: formatAmount(res.ledgerEntry.amountMicros), balanceAfter: formatAmount(res.ledgerEntry.balanceAfterMicros) };
}
