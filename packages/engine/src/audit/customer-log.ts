// The organization's audit log as its owners and admins read it: the rows about this organization
// (tenant-scoped) whose action is in the customer list, newest first, a keyset page at a time.
import type { Db, Prisma } from "@vgen/db";
import { decodeCursor, olderThan, pageOf } from "../platform";
import { CUSTOMER_AUDIT_ACTIONS, type CustomerAuditAction } from "@vgen/contracts";

const PAGE_SIZE = 50;

export interface CustomerAuditFilter {
  action?: CustomerAuditAction;
  /** A member's person id: only what they did. */
  actorId?: string;
  cursor?: string;
  limit?: number;
}

export async function listCustomerAuditLog(db: Db, accountId: string, filter: CustomerAuditFilter = {}) {
  const limit = Math.min(Math.max(filter.limit ?? PAGE_SIZE, 1), 100);
  const where: Prisma.AuditLogWhereInput = {
    targetAccountId: accountId,
    action: filter.action ?? { in: [...CUSTOMER_AUDIT_ACTIONS] },
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...olderThan(filter.cursor ? decodeCursor(filter.cursor, "aud") : null),
  };
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true,
      actorKind: true,
      actorId: true,
      actorEmail: true,
      ip: true,
      action: true,
      targetId: true,
      details: true,
      createdAt: true,
    },
  });
  return pageOf(rows, limit);
}
