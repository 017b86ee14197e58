import type { Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { checkedProjectLimits, type ProjectLimits } from "./limits";
import { projectNotFound } from "./not-found";
import { PROJECT_SELECT } from "./project-columns";

const LIMIT_COLUMNS = { monthlySpendCapMicros: true, rateLimitShare: true, allowedModels: true } as const;

/**
 * Replaces a live project's cap, rate-limit share and models. The change reaches every web
 * process's key cache at once through the projects trigger; the cap is read under the project's
 * row lock at each create, so it holds from the next create on. A member's change writes its
 * audit row (limits before and after) in the same transaction.
 */
export async function updateProjectLimits(
  db: Db,
  accountId: string,
  projectId: string,
  input: ProjectLimits,
  actor?: MemberActor,
) {
  const data = await checkedProjectLimits(db, input);
  return db.$transaction(async (tx) => {
    const before = await tx.project.findFirst({ where: { id: projectId, accountId, archivedAt: null }, select: LIMIT_COLUMNS });
    const res = await tx.project.updateMany({ where: { id: projectId, accountId, archivedAt: null }, data });
    if (!before || res.count === 0) throw projectNotFound();
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "project.limits_changed",
        targetId: projectId,
        details: { from: before, to: data },
      });
    return tx.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_SELECT });
  });
}
