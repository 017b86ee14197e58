// The audit log for the staff console: every staff action's row, filtered and paged. Each action
// writes its own row (staff-action.ts).
import type { Db, Prisma } from "@vgen/db";
import { pageWindow } from "./page-window";

export interface AuditFilter {
  accountId?: string;
  /** Actor account id or (partial) email. */
  actor?: string;
  action?: string;
}

export async function listAuditLog(db: Db, filter: AuditFilter = {}, opts: { page?: number; pageSize?: number } = {}) {
  const { take, skip, page } = pageWindow(opts.page, opts.pageSize ?? 50);
  const actor = filter.actor?.trim();
  const where: Prisma.AuditLogWhereInput = {
    ...(filter.accountId?.trim() ? { targetAccountId: filter.accountId.trim() } : {}),
    ...(filter.action?.trim() ? { action: { startsWith: filter.action.trim() } } : {}),
    ...(actor
      ? actor.startsWith("acct_")
        ? { actorId: actor }
        : { actor: { email: { contains: actor, mode: "insensitive" } } }
      : {}),
  };
  const [rows, total, actions] = await Promise.all([
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      skip,
      include: { actor: { select: { email: true } } },
    }),
    db.auditLog.count({ where }),
    db.auditLog.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  const targetIds = [...new Set(rows.map((r) => r.targetAccountId).filter((x): x is string => !!x))];
  const targets = targetIds.length
    ? await db.account.findMany({ where: { id: { in: targetIds } }, select: { id: true, email: true } })
    : [];
  const items = rows.map(({ actor: a, ...r }) => ({
    ...r,
    actorEmail: a?.email ?? r.actorEmail,
    targetEmail: targets.find((t) => t.id === r.targetAccountId)?.email ?? null,
  }));
  return { items, total, page, pageSize: take, actions: actions.map((a) => a.action) };
}
