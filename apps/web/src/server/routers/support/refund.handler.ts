import type { z } from "zod";
import { formatUsd, parseUsd } from "@vgen/contracts";
import { refundGeneration } from "@vgen/engine";
import { mapSupportErrors, type StaffCtx } from "./errors";
import type { RefundInput } from "./refund.schema";

export async function refundHandler({ ctx, input }: { ctx: StaffCtx; input: z.infer<typeof RefundInput> }) {
  const res = await mapSupportErrors(() =>
    refundGeneration(ctx.db, { generationId: input.generationId, actorId: ctx.user.id, reason: input.reason, amountMicros: input.amount ? parseUsd(input.amount) : undefined }),
  );
  return { amount: formatUsd(res.ledgerEntry.amountMicros), balanceAfter: formatUsd(res.ledgerEntry.balanceAfterMicros) };
}
