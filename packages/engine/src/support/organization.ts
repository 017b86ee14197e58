// The console's view of an account as an organization (its members and waiting invitations) and as
// a person (the organizations they belong to), so staff can walk between the two.
import type { Db } from "@vgen/db";
import { listInvitations, listMembers } from "../orgs";

export async function getAccountOrganization(db: Db, accountId: string) {
  const [members, invitations, memberOf] = await Promise.all([
    listMembers(db, accountId),
    listInvitations(db, accountId),
    db.membership.findMany({
      where: { memberId: accountId, accountId: { not: accountId } },
      select: { role: true, createdAt: true, account: { select: { id: true, email: true, name: true } } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    members,
    invitations,
    memberOf: memberOf.map((m) => ({ ...m.account, role: m.role, since: m.createdAt })),
  };
}
