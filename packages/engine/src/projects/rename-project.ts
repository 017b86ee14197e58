import type { Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { checkedProjectName } from "./limits";
import { projectNotFound } from "./not-found";
import { PROJECT_SELECT } from "./project-columns";

/** Renames a live project of the organization; a member's rename writes its audit row in the same transaction. */
export async function renameProject(db: Db, accountId: string, projectId: string, name: string, actor?: MemberActor) {
  const to = checkedProjectName(name);
  return db.$transaction(async (tx) => {
    const before = await tx.project.findFirst({ where: { id: projectId, accountId, archivedAt: null }, select: { name: true } });
    const res = await tx.project.updateMany({ where: { id: projectId, accountId, archivedAt: null }, data: { name: to } });
    if (!before || res.count === 0) throw projectNotFound();
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "project.renamed",
        targetId: projectId,
        details: { from: before.name, to },
      });
    return tx.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_SELECT });
  });
}
