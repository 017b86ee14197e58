import type { DbOrTx } from "@vgen/db";
import { checkedProjectName } from "./limits";
import { projectNotFound } from "./not-found";
import { PROJECT_SELECT } from "./project-columns";

/** Renames a live project of the organization. */
export async function renameProject(db: DbOrTx, accountId: string, projectId: string, name: string) {
  const res = await db.project.updateMany({
    where: { id: projectId, accountId, archivedAt: null },
    data: { name: checkedProjectName(name) },
  });
  if (res.count === 0) throw projectNotFound();
  return db.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_SELECT });
}
