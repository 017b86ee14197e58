// The audit log's rows are written in the transaction of the change they record, so a change without
// its audit row (or the reverse) cannot exist. Staff actions (support/), an owner's account deletion
// (accounts/), members' changes to their organization (member-row.ts) and confirmed top-ups write them.
import { newId, type AuditActorKind, type Prisma, type Tx } from "@vgen/db";

/** Money is bigint micro-dollars, which JSON cannot hold: details keep it as a decimal string. */
function jsonDetails(details: Record<string, unknown>): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(details, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
}

/**
 * Writes the audit row of an action; `tx` is the action's transaction. `id` when the action must
 * reference the row before it exists. The actor's email is copied as it is now, so the row still
 * says who acted after the address changes or the account is deleted.
 */
export async function writeAuditRow(
  tx: Tx,
  row: {
    id?: string;
    actorKind?: AuditActorKind;
    /** Null only for system rows. */
    actorId: string | null;
    ip?: string | null;
    action: string;
    targetAccountId?: string | null;
    targetId?: string | null;
    details?: Record<string, unknown>;
  },
) {
  const actor = row.actorId ? await tx.account.findUnique({ where: { id: row.actorId }, select: { email: true } }) : null;
  return tx.auditLog.create({
    data: {
      id: row.id ?? newId("aud"),
      actorKind: row.actorKind ?? (row.actorId ? "staff" : "system"),
      actorId: row.actorId,
      actorEmail: actor?.email ?? null,
      ip: row.ip ?? null,
      action: row.action,
      targetAccountId: row.targetAccountId ?? null,
      targetId: row.targetId ?? null,
      details: jsonDetails(row.details ?? {}),
    },
  });
}
