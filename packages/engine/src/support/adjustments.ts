// Balance adjustments: staff credit or debit an account by a signed amount, with a reason.
import { ApiError, formatAmount, MICROS_PER_DOLLAR } from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { applyLedgerEntry } from "../billing";
import { writeAuditRow } from "../audit";
import { checkReason, refuseIfDeleted, SupportError } from "./staff-action";

/** The largest single balance adjustment; anything larger is a top-up or an engineering task. */
const MAX_ADJUSTMENT_MICROS = 10_000n * MICROS_PER_DOLLAR;

/**
 * Adjusts a balance by a signed amount with a reason: an `adjustment` ledger entry and its audit
 * row in one transaction. A negative adjustment never takes the available balance below zero
 * (the same conditional update that guards holds), so it cannot eat into running generations' holds.
 */
export async function adjustBalance(db: Db, input: { accountId: string; amountMicros: bigint; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  if (input.amountMicros === 0n) throw new SupportError("invalid_parameter", "An adjustment cannot be zero.");
  const abs = input.amountMicros < 0n ? -input.amountMicros : input.amountMicros;
  if (abs > MAX_ADJUSTMENT_MICROS)
    throw new SupportError("invalid_parameter", `Adjust by at most ${formatAmount(MAX_ADJUSTMENT_MICROS)} at a time.`);
  try {
    return await db.$transaction(async (tx) => {
      const account = await tx.account.findUnique({ where: { id: input.accountId }, select: { id: true, deletedAt: true } });
      if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
      refuseIfDeleted(account, "a balance adjustment");
      const auditId = newId("aud");
      const entry = await applyLedgerEntry(tx, {
        accountId: input.accountId,
        type: "adjustment",
        amountMicros: input.amountMicros,
        reference: auditId,
        reason,
        actor: input.actorId,
        requireFunds: input.amountMicros < 0n,
      });
      await writeAuditRow(tx, {
        id: auditId,
        actorId: input.actorId,
        action: "balance.adjust",
        targetAccountId: input.accountId,
        targetId: entry.id,
        details: {
          amount: formatAmount(input.amountMicros),
          reason,
          balanceAfter: formatAmount(entry.balanceAfterMicros),
          ledgerEntryId: entry.id,
        },
      });
      return { ledgerEntry: entry, auditId };
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === "insufficient_balance") {
      throw new SupportError("action_not_allowed", "This adjustment would take the available balance below zero.");
    }
    throw err;
  }
}
