import type { DbOrTx } from "@vgen/db";
import { projectNotFound } from "./not-found";
import { compileProjectRestrictions } from "./project-restrictions";

/**
 * The project a new key (or a playground generation) goes into: the given one if it is a live
 * project of this organization, else (none given) the organization's default project.
 */
export async function resolveProjectId(db: DbOrTx, accountId: string, projectId?: string | null): Promise<string> {
  const project = await db.project.findFirst({
    where: { accountId, archivedAt: null, ...(projectId ? { id: projectId } : { isDefault: true }) },
    select: { id: true },
  });
  if (!project) throw projectNotFound();
  return project.id;
}

/** The organization's default project with its limits: where the playground (and a create without a key) spends. */
export async function defaultProject(db: DbOrTx, accountId: string) {
  const row = await db.project.findFirst({
    where: { accountId, isDefault: true },
    select: { id: true, allowedModels: true, rateLimitShare: true, monthlySpendCapMicros: true },
  });
  if (!row) throw projectNotFound();
  return { id: row.id, restrictions: compileProjectRestrictions(row) };
}
