// A member's change to their organization writes its customer audit row through here, inside the
// change's own transaction: the row and the change commit or roll back together.
import type { Tx } from "@vgen/db";
import { writeAuditRow } from "./audit-row";
import type { CustomerAuditAction } from "@vgen/contracts";

/** The person making a change from the dashboard, and the address the request came from. */
export interface MemberActor {
  id: string;
  ip?: string | null;
}

export async function writeMemberAuditRow(
  tx: Tx,
  actor: MemberActor,
  row: { accountId: string; action: CustomerAuditAction; targetId?: string | null; details?: Record<string, unknown> },
) {
  return writeAuditRow(tx, {
    actorKind: "member",
    actorId: actor.id,
    ip: actor.ip ?? null,
    action: row.action,
    targetAccountId: row.accountId,
    targetId: row.targetId ?? null,
    details: row.details,
  });
}
