// The audit log's rows are written in the transaction of the change they record, so a change without
// its audit row (or the reverse) cannot exist. Staff actions (support/) and an owner's account
// deletion (accounts/) write them.
import { newId, type Prisma, type Tx } from "@vgen/db";

/** Writes the audit row of an action; `tx` is the action's transaction. `id` when the action must reference the row before it exists. */
export async function writeAuditRow(
  tx: Tx,
  row: {
    id?: string;
    actorId: string;
    action: string;
    targetAccountId?: string | null;
    targetId?: string | null;
    details?: Record<string, unknown>;
  },
) {
  return tx.auditLog.create({
    data: {
      id: row.id ?? newId("aud"),
      actorId: row.actorId,
      action: row.action,
      targetAccountId: row.targetAccountId ?? null,
      targetId: row.targetId ?? null,
      details: (row.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}
