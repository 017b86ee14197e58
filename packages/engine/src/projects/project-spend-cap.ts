import { ApiError, formatUsd } from "@vgen/contracts";
import type { Tx } from "@vgen/db";

/**
 * Inside the create transaction, before the hold: locks the project's row so concurrent creates in
 * the project (from any of its keys, on any web process) are judged one at a time, each seeing the
 * holds committed before it, and refuses a generation whose cost would take the project's spend this
 * month past its cap. The cap is read from the locked row, so an edit made a moment ago counts even
 * if this process's key cache lags. The key's error code: to the caller it is a limit of its key.
 */
export async function admitUnderProjectCap(tx: Tx, projectId: string, costMicros: bigint, now = new Date()) {
  // NO KEY UPDATE: serialises the project's creates, not the generation inserts' foreign-key checks.
  const [project] = await tx.$queryRaw<{ cap: bigint | null }[]>`
    SELECT monthly_spend_cap_micros AS cap FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`;
  if (!project || project.cap === null) return;
  const spent = await projectMonthSpendMicros(tx, projectId, now);
  if (spent + costMicros > project.cap) {
    throw new ApiError(
      "key_spend_cap_reached",
      `This generation (${formatUsd(costMicros)}) would take this API key's project past its monthly cap of ${formatUsd(project.cap)}; ${formatUsd(spent)} is already charged or held this month (UTC).`,
    );
  }
}

/**
 * What the project's generations created this calendar month (UTC) were charged or are holding, net
 * of refunds: a processing generation counts its hold, a completed one its charge, a failed or
 * canceled one nothing (as a key's spend, key-spend-cap.ts).
 */
export async function projectMonthSpendMicros(tx: Tx, projectId: string, now = new Date()): Promise<bigint> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await tx.$queryRaw<{ spent: bigint }[]>`
    SELECT (COALESCE(SUM(g.cost_micros), 0) - COALESCE(SUM(r.amount_micros), 0))::bigint AS spent
    FROM generations g
      LEFT JOIN ledger_entries r ON r.generation_id = g.id AND r.type = 'refund'
    WHERE g.project_id = ${projectId} AND g.created_at >= ${utcWall(monthStart)}::timestamp
      AND g.status IN ('processing', 'completed') AND g.livemode`;
  return row?.spent ?? 0n;
}

/** `timestamp(3)` columns hold UTC wall time; compare against UTC wall-time text, whatever the session zone. */
function utcWall(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}
