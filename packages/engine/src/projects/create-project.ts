import { ApiError } from "@vgen/contracts";
import { newId, type Tx } from "@vgen/db";
import { checkedProjectLimits, checkedProjectName, type ProjectLimits } from "./limits";
import { PROJECT_SELECT } from "./project-columns";

/** Projects (archived ones included) an organization may hold: plenty for products × environments. */
export const MAX_PROJECTS = 100;

/**
 * Creates a project in the organization. Takes a transaction: the organization's row is locked so
 * concurrent creates cannot pass MAX_PROJECTS.
 */
export async function createProject(tx: Tx, accountId: string, input: { name: string } & ProjectLimits) {
  const name = checkedProjectName(input.name);
  const limits = await checkedProjectLimits(tx, input);
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
  const count = await tx.project.count({ where: { accountId } });
  if (count >= MAX_PROJECTS) throw new ApiError("state_conflict", `An organization can hold at most ${MAX_PROJECTS} projects.`);
  return tx.project.create({ data: { id: newId("proj"), accountId, name, ...limits }, select: PROJECT_SELECT });
}
