// The owner's balance alert settings (docs/api.md#balance-alerts).
import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";

/** Thresholds above this are surely typos (and keep the micro-dollar sums far from bigint limits). */
export const MAX_ALERT_THRESHOLD_MICROS = 1_000_000_000_000n; // $1,000,000

export interface AlertSettings {
  lowBalanceThresholdMicros: bigint | null;
  monthlySpendThresholdMicros: bigint | null;
  /** Set while the balance stays below the threshold after its alert. */
  lowBalanceAlertedAt: Date | null;
  /** The UTC month ("2026-11") whose spend alert fired. */
  spendAlertedMonth: string | null;
}

const SELECT = {
  lowBalanceThresholdMicros: true,
  monthlySpendThresholdMicros: true,
  lowBalanceAlertedAt: true,
  spendAlertedMonth: true,
} as const;

export async function getAlertSettings(db: Db, accountId: string): Promise<AlertSettings> {
  return db.account.findUniqueOrThrow({ where: { id: accountId }, select: SELECT });
}

function checkThreshold(micros: bigint | null, field: string) {
  if (micros !== null && (micros <= 0n || micros > MAX_ALERT_THRESHOLD_MICROS)) {
    throw new ApiError("invalid_parameter", "A threshold must be more than $0 and at most $1,000,000.", field);
  }
}

/**
 * Sets both thresholds (null turns one off). A threshold that changes is re-armed: its next crossing
 * alerts even if the old one had fired, and a low-balance threshold set above the current balance
 * alerts at the next balance change. Saving the same values again changes nothing, so it cannot
 * repeat an alert.
 */
export async function setAlertSettings(
  db: Db,
  accountId: string,
  input: { lowBalanceThresholdMicros: bigint | null; monthlySpendThresholdMicros: bigint | null },
  actor?: MemberActor,
): Promise<AlertSettings> {
  checkThreshold(input.lowBalanceThresholdMicros, "lowBalanceThreshold");
  checkThreshold(input.monthlySpendThresholdMicros, "monthlySpendThreshold");
  const low = input.lowBalanceThresholdMicros;
  const spend = input.monthlySpendThresholdMicros;
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
    UPDATE accounts SET
      low_balance_alerted_at = CASE WHEN low_balance_threshold_micros IS DISTINCT FROM ${low}::bigint THEN NULL ELSE low_balance_alerted_at END,
      spend_alerted_month = CASE WHEN monthly_spend_threshold_micros IS DISTINCT FROM ${spend}::bigint THEN NULL ELSE spend_alerted_month END,
      low_balance_threshold_micros = ${low}::bigint,
      monthly_spend_threshold_micros = ${spend}::bigint,
      updated_at = now() AT TIME ZONE 'UTC'
    WHERE id = ${accountId}`;
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "settings.changed",
        details: { setting: "alerts", lowBalanceThresholdMicros: low, monthlySpendThresholdMicros: spend },
      });
  });
  return getAlertSettings(db, accountId);
}
