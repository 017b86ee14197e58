import type { DbOrTx } from "@vgen/db";
import { PROJECT_SELECT } from "./project-columns";

/** The organization's projects: the default first, then by creation; archived ones last. */
export function listProjects(db: DbOrTx, accountId: string, options: { includeArchived?: boolean } = {}) {
  return db.project.findMany({
    where: { accountId, ...(options.includeArchived ? {} : { archivedAt: null }) },
    orderBy: [{ archivedAt: { sort: "desc", nulls: "first" } }, { isDefault: "desc" }, { createdAt: "asc" }],
    select: PROJECT_SELECT,
  });
}
