// Refunds: staff give back all or part of a completed generation's charge, once.
import { formatAmount } from "@vgen/contracts";
import { Prisma, type Db } from "@vgen/db";
import { applyLedgerEntry } from "../billing";
import { writeAuditRow } from "../audit";
import { generationRefundedMail, notifyOwner } from "../mail";
import { checkReason, refuseIfDeleted, SupportError } from "./staff-action";

/**
 * Refunds a completed generation's charge: a `refund` ledger entry (credit, generationId set) and
 * its audit row in one transaction. (generation_id, type) is unique, so of any number of concurrent
 * or repeated refunds exactly one succeeds; the amount defaults to, and never exceeds, the charge.
 */
export async function refundGeneration(
  db: Db,
  input: { generationId: string; actorId: string; reason: string; amountMicros?: bigint },
) {
  const reason = checkReason(input.reason);
  try {
    return await db.$transaction(async (tx) => {
      // The row lock serializes concurrent refunds so the loser sees the winner's entry.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM generations WHERE id = ${input.generationId} FOR UPDATE`;
      if (locked.length === 0) throw new SupportError("generation_not_found", `No generation '${input.generationId}'.`);
      const gen = await tx.generation.findUniqueOrThrow({
        where: { id: input.generationId },
        include: { account: { select: { deletedAt: true } } },
      });
      refuseIfDeleted(gen.account, "a refund (its balance can no longer be used)");
      if (gen.status !== "completed")
        throw new SupportError("action_not_allowed", `Only completed generations can be refunded; ${gen.id} is ${gen.status}.`);
      const charge = await tx.ledgerEntry.findUnique({ where: { generationId_type: { generationId: gen.id, type: "charge" } } });
      if (!charge) throw new SupportError("action_not_allowed", `Generation ${gen.id} has no charge to refund.`);
      const existing = await tx.ledgerEntry.findUnique({
        where: { generationId_type: { generationId: gen.id, type: "refund" } },
      });
      if (existing)
        throw new SupportError(
          "state_conflict",
          `Generation ${gen.id} was already refunded (${formatAmount(existing.amountMicros)}).`,
        );
      const charged = -charge.amountMicros;
      const amount = input.amountMicros ?? charged;
      if (amount <= 0n) throw new SupportError("invalid_parameter", "A refund must be positive.");
      if (amount > charged)
        throw new SupportError("invalid_parameter", `A refund cannot exceed the charge of ${formatAmount(charged)}.`);
      const entry = await applyLedgerEntry(tx, {
        accountId: gen.accountId,
        type: "refund",
        amountMicros: amount,
        generationId: gen.id,
        reference: gen.id,
        reason,
        actor: input.actorId,
      });
      const row = await writeAuditRow(tx, {
        actorId: input.actorId,
        action: "generation.refund",
        targetAccountId: gen.accountId,
        targetId: gen.id,
        details: { amount: formatAmount(amount), charged: formatAmount(charged), reason, ledgerEntryId: entry.id },
      });
      await notifyOwner(tx, gen.accountId, (locale) =>
        generationRefundedMail({ generationId: gen.id, amountMicros: amount, chargedMicros: charged, reason }, locale),
      );
      return { ledgerEntry: entry, auditId: row.id };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new SupportError("state_conflict", `Generation ${input.generationId} was already refunded.`);
    }
    throw err;
  }
}
