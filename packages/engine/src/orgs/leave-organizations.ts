import { ApiError } from "@vgen/contracts";
import type { Tx } from "@vgen/db";
import { writeMemberAuditRow } from "../audit";
import { accountLabel } from "./label";
import { lockOrganization } from "./lock";

/**
 * A person deleting their account leaves every organization they belong to, in the deletion's
 * transaction, with an audit row in each. Refused while they are an organization's only owner: it
 * would be left with nobody to pay, manage or receive its mail. The organization's keys stay (they
 * belong to it, not to whoever issued them).
 */
export async function leaveOrganizations(tx: Tx, personId: string): Promise<void> {
  const memberships = await tx.membership.findMany({
    where: { memberId: personId, accountId: { not: personId }, account: { deletedAt: null } },
    select: { accountId: true, role: true },
    orderBy: { accountId: "asc" },
  });
  for (const { accountId, role } of memberships) {
    await lockOrganization(tx, accountId);
    if (role === "owner") {
      const owners = await tx.membership.count({ where: { accountId, role: "owner" } });
      if (owners === 1) {
        const org = await tx.account.findUniqueOrThrow({
          where: { id: accountId },
          select: { id: true, name: true, email: true },
        });
        throw new ApiError(
          "action_not_allowed",
          `You are the only owner of ${accountLabel(org)}: make another member an owner (Members page), then delete your account.`,
        );
      }
    }
    await tx.membership.delete({ where: { accountId_memberId: { accountId, memberId: personId } } });
    await writeMemberAuditRow(
      tx,
      { id: personId },
      {
        accountId,
        action: "member.removed",
        targetId: personId,
        details: { role, reason: "account_deleted" },
      },
    );
  }
}
