import { ApiError } from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { checkedProjectLimits, checkedProjectName, type ProjectLimits } from "./limits";
import { PROJECT_SELECT } from "./project-columns";

/** Projects (archived ones included) an organization may hold: plenty for products × environments. */
export const MAX_PROJECTS = 100;

/**
 * Creates a project in the organization, in one transaction: the organization's row is locked so
 * concurrent creates cannot pass MAX_PROJECTS, and a member's create writes its audit row in it.
 */
export function createProject(db: Db, accountId: string, input: { name: string } & ProjectLimits, actor?: MemberActor) {
  return db.$transaction(async (tx) => {
    const name = checkedProjectName(input.name);
    const limits = await checkedProjectLimits(tx, input);
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
    const count = await tx.project.count({ where: { accountId } });
    if (count >= MAX_PROJECTS) throw new ApiError("state_conflict", `An organization can hold at most ${MAX_PROJECTS} projects.`);
    const project = await tx.project.create({ data: { id: newId("proj"), accountId, name, ...limits }, select: PROJECT_SELECT });
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "project.created",
        targetId: project.id,
        details: { name, ...limits },
      });
    return project;
  });
}
