// The console's view of an account as an organization (its members, waiting invitations and projects
// with their limits) and as a person (the organizations they belong to), so staff can walk between the two.
import type { Db } from "@vgen/db";
import { listInvitations, listMembers } from "../orgs";
import { listProjects } from "../projects";

export async function getAccountOrganization(db: Db, accountId: string) {
  const [members, invitations, projects, memberOf] = await Promise.all([
    listMembers(db, accountId),
    listInvitations(db, accountId),
    // Archived ones too: staff answering "why did my key stop working" need to see them.
    listProjects(db, accountId, { includeArchived: true }),
    db.membership.findMany({
      where: { memberId: accountId, accountId: { not: accountId } },
      select: { role: true, createdAt: true, account: { select: { id: true, email: true, name: true } } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    members,
    invitations,
    projects,
    memberOf: memberOf.map((m) => ({ ...m.account, role: m.role, since: m.createdAt })),
  };
}
