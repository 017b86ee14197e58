// The monthly spend alert (docs/api.md#balance-alerts), judged when a charge is booked.
import type { Tx } from "@vgen/db";

/** "2026-11": the UTC calendar month of `at`. */
function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** `timestamp(3)` columns hold UTC wall time; compare against UTC wall-time text, whatever the session zone. */
function utcWall(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/**
 * In the transaction that booked a charge (after it, so the account row is already locked by its
 * balance update): when the month's net spend (charges less refunds booked this UTC month, as the
 * usage statistics count it) has reached the account's monthly threshold and no alert fired for
 * this month, marks the month and writes the outbox row. The row lock makes concurrent charges
 * judge one after the other, and the month guard makes it once per month. An account without a
 * threshold, or already alerted this month, reads no ledger rows.
 */
export async function checkSpendThreshold(tx: Tx, accountId: string, now: Date = new Date()) {
  const month = utcMonth(now);
  const from = utcWall(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  await tx.$executeRaw`
    WITH armed AS (
      SELECT id, monthly_spend_threshold_micros AS threshold FROM accounts
      WHERE id = ${accountId} AND monthly_spend_threshold_micros IS NOT NULL
        AND spend_alerted_month IS DISTINCT FROM ${month} AND deleted_at IS NULL
    ),
    spend AS (
      SELECT armed.id, armed.threshold, coalesce(-sum(l.amount_micros), 0)::bigint AS micros
      FROM armed JOIN ledger_entries l ON l.account_id = armed.id
      WHERE l.type IN ('charge', 'refund') AND l.created_at >= ${from}::timestamp
      GROUP BY armed.id, armed.threshold
    ),
    marked AS (
      UPDATE accounts a SET spend_alerted_month = ${month}
      FROM spend
      WHERE a.id = spend.id AND spend.micros >= spend.threshold AND a.spend_alerted_month IS DISTINCT FROM ${month}
      RETURNING a.id, spend.threshold, spend.micros, a.balance_micros
    )
    INSERT INTO alert_events (account_id, kind, threshold_micros, balance_micros, spend_micros, month, created_at)
    SELECT id, 'spend_threshold_reached', threshold, balance_micros, micros, ${month}, ${utcWall(now)}::timestamp
    FROM marked`;
}
