import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { markInvoicePaid } from "@vgen/engine/billing";
import type { StaffContext } from "../../trpc";
import type { MarkInvoicePaidInput } from "./markInvoicePaid.schema";

/** A bank transfer arrived: the engine credits the invoice once and writes the audit row with it. */
export async function markInvoicePaidHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof MarkInvoicePaidInput> }) {
  const res = await markInvoicePaid(ctx.db, {
    invoice: input.invoiceId,
    via: "bank_transfer",
    actor: ctx.user.id,
    audit: { actorId: ctx.user.id, action: "invoice.mark_paid", details: { via: "console", reason: input.reason } },
  });
  if (!res.credited) throw new ApiError("state_conflict", `Invoice ${res.invoice.number} is already paid.`);
  return { id: res.invoice.id, status: res.invoice.status };
}
