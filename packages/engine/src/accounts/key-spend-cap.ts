import { ApiError, formatUsd } from "@vgen/contracts";
import type { Tx } from "@vgen/db";
import { monthStart } from "./subscription-admission";

/**
 * Inside the create transaction, before the hold: locks the key's row so concurrent creates with
 * the same key are judged one at a time (each sees the holds committed before it), and refuses a
 * generation whose cost would take the key's spend this month past its cap. The cap is read from
 * the locked row, so an edit made a moment ago counts even if this process's cache lags.
 */
export async function admitUnderKeyCap(tx: Tx, keyId: string, costMicros: bigint, now = new Date()) {
  // NO KEY UPDATE: serialises the creates of this key, but not the generation inserts' foreign-key checks.
  const [key] = await tx.$queryRaw<{ cap: bigint | null }[]>`
    SELECT monthly_spend_cap_micros AS cap FROM api_keys WHERE id = ${keyId} FOR NO KEY UPDATE`;
  if (!key || key.cap === null) return;
  const spent = await keyMonthSpendMicros(tx, keyId, now);
  if (spent + costMicros > key.cap) {
    throw new ApiError(
      "key_spend_cap_reached",
      `This generation (${formatUsd(costMicros)}) would take this API key past its monthly cap of ${formatUsd(key.cap)}; ${formatUsd(spent)} is already charged or held this month (UTC).`,
    );
  }
}

/**
 * What the key's generations created this calendar month (UTC) were charged or are holding, net of
 * released holds and refunds: a processing generation counts its hold, a completed one its charge
 * (the delivered cost) less any refund, a failed or canceled one nothing.
 */
export async function keyMonthSpendMicros(tx: Tx, keyId: string, now = new Date()): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ spent: bigint }[]>`
    SELECT (COALESCE(SUM(g.cost_micros), 0) - COALESCE(SUM(r.amount_micros), 0))::bigint AS spent
    FROM generations g
      LEFT JOIN ledger_entries r ON r.generation_id = g.id AND r.type = 'refund'
    WHERE g.api_key_id = ${keyId} AND g.created_at >= ${utcWall(monthStart(now))}::timestamp
      AND g.status IN ('processing', 'completed') AND g.livemode`;
  return row?.spent ?? 0n;
}

/** `timestamp(3)` columns hold UTC wall time; compare against UTC wall-time text, whatever the session zone. */
function utcWall(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}
