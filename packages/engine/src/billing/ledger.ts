import { newId, type Db, type LedgerType, type DbOrTx } from "@vgen/db";
import { ApiError } from "@vgen/contracts";

export interface LedgerMovement {
  accountId: string;
  type: LedgerType;
  /** Signed micro-dollars: credits positive, debits negative. */
  amountMicros: bigint;
  generationId?: string;
  reference: string;
  reason?: string;
  actor?: string;
  /** Refuse the movement (402) when it would take the balance below zero. */
  requireFunds?: boolean;
}

/**
 * Moves money and writes its ledger entry in the caller's transaction. The balance update is one
 * conditional statement, so concurrent holds can never overspend.
 */
export async function applyLedgerEntry(tx: DbOrTx, m: LedgerMovement) {
  const rows = m.requireFunds
    ? await tx.$queryRaw<{ balance_micros: bigint }[]>`
        UPDATE accounts SET balance_micros = balance_micros + ${m.amountMicros}, updated_at = now()
        WHERE id = ${m.accountId} AND balance_micros + ${m.amountMicros} >= 0
        RETURNING balance_micros`
    : await tx.$queryRaw<{ balance_micros: bigint }[]>`
        UPDATE accounts SET balance_micros = balance_micros + ${m.amountMicros}, updated_at = now()
        WHERE id = ${m.accountId}
        RETURNING balance_micros`;
  const [account] = rows;
  if (!account) {
    if (m.requireFunds) {
      throw new ApiError("insufficient_balance", "The available balance does not cover the cost of this generation.");
    }
    throw new Error(`Account ${m.accountId} not found`);
  }
  return tx.ledgerEntry.create({
    data: {
      id: newId("led"),
      accountId: m.accountId,
      type: m.type,
      amountMicros: m.amountMicros,
      balanceAfterMicros: account.balance_micros,
      generationId: m.generationId ?? null,
      reference: m.reference,
      reason: m.reason ?? null,
      actor: m.actor ?? null,
    },
  });
}

/** Credits an account outside any generation (top-up, test credit, adjustment). */
export async function creditAccount(
  db: Db,
  input: {
    accountId: string;
    amountMicros: bigint;
    type: "top_up" | "test_credit" | "adjustment";
    reason: string;
    actor: string;
    reference?: string;
  },
) {
  if (input.type !== "adjustment" && input.amountMicros <= 0n) throw new Error("A credit must be positive");
  return db.$transaction((tx) =>
    applyLedgerEntry(tx, {
      accountId: input.accountId,
      type: input.type,
      amountMicros: input.amountMicros,
      reference: input.reference ?? input.type,
      reason: input.reason,
      actor: input.actor,
      requireFunds: input.amountMicros < 0n,
    }),
  );
}
