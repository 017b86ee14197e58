import { ApiError } from "@vgen/contracts";
import type { DbOrTx } from "@vgen/db";
import { projectNotFound } from "./not-found";

/**
 * Archives a project: its keys stop authenticating (key-identity.ts reads the project with the key,
 * and the projects trigger drops cached keys at once) and no key can be created in it. Its
 * generations and figures stay. The default project cannot be archived: keys fall back to it.
 */
export async function archiveProject(db: DbOrTx, accountId: string, projectId: string, now = new Date()) {
  const project = await db.project.findFirst({
    where: { id: projectId, accountId, archivedAt: null },
    select: { isDefault: true },
  });
  if (!project) throw projectNotFound();
  if (project.isDefault)
    throw new ApiError(
      "action_not_allowed",
      "The default project cannot be archived: keys created without a project belong to it.",
    );
  await db.project.updateMany({ where: { id: projectId, accountId, archivedAt: null }, data: { archivedAt: now } });
}
