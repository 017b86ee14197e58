import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { projectNotFound } from "./not-found";

/**
 * Archives a project: its keys stop authenticating (key-identity.ts reads the project with the key,
 * and the projects trigger drops cached keys at once) and no key can be created in it. Its
 * generations and figures stay. The default project cannot be archived: keys fall back to it.
 * A member's archive writes its audit row in the same transaction.
 */
export async function archiveProject(db: Db, accountId: string, projectId: string, actor?: MemberActor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const project = await tx.project.findFirst({
      where: { id: projectId, accountId, archivedAt: null },
      select: { isDefault: true, name: true },
    });
    if (!project) throw projectNotFound();
    if (project.isDefault)
      throw new ApiError(
        "action_not_allowed",
        "The default project cannot be archived: keys created without a project belong to it.",
      );
    const res = await tx.project.updateMany({ where: { id: projectId, accountId, archivedAt: null }, data: { archivedAt: now } });
    if (res.count === 0) throw projectNotFound();
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "project.archived",
        targetId: projectId,
        details: { name: project.name },
      });
  });
}
