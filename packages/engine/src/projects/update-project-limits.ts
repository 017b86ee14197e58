import type { DbOrTx } from "@vgen/db";
import { checkedProjectLimits, type ProjectLimits } from "./limits";
import { projectNotFound } from "./not-found";
import { PROJECT_SELECT } from "./project-columns";

/**
 * Replaces a live project's cap, rate-limit share and models. The change reaches every web
 * process's key cache at once through the projects trigger; the cap is read under the project's
 * row lock at each create, so it holds from the next create on.
 */
export async function updateProjectLimits(db: DbOrTx, accountId: string, projectId: string, input: ProjectLimits) {
  const data = await checkedProjectLimits(db, input);
  const res = await db.project.updateMany({ where: { id: projectId, accountId, archivedAt: null }, data });
  if (res.count === 0) throw projectNotFound();
  return db.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_SELECT });
}
