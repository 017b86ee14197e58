import { ApiError } from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { newWebhookSecret } from "../delivery";
import { writeMemberAuditRow } from "../audit";

/** Longest organization name kept (the switcher and invoices show it). */
export const ORGANIZATION_NAME_MAX = 80;

/**
 * A person creates a separate organization: a new tenant (kind organization, no email, no password)
 * with a zero balance, its own webhook secret and the creator's language, the creator its owner, and
 * the session pointed at it. The row, the membership, the audit row and the switch commit together.
 */
export async function createOrganization(db: Db, input: { creatorId: string; sessionId: string; name: string }) {
  const name = input.name.trim();
  if (name.length === 0 || name.length > ORGANIZATION_NAME_MAX)
    throw new ApiError("invalid_parameter", `An organization's name is 1 to ${ORGANIZATION_NAME_MAX} characters.`, "name");
  return db.$transaction(async (tx) => {
    const creator = await tx.account.findUniqueOrThrow({
      where: { id: input.creatorId },
      select: { kind: true, locale: true, status: true, deletedAt: true },
    });
    if (creator.kind !== "person" || creator.status !== "active" || creator.deletedAt)
      throw new ApiError("action_not_allowed", "Only an active person can create an organization.");
    const id = newId("acct");
    await tx.account.create({
      data: { id, kind: "organization", name, webhookSecret: newWebhookSecret(), locale: creator.locale },
    });
    await tx.membership.create({ data: { accountId: id, memberId: input.creatorId, role: "owner" } });
    await writeMemberAuditRow(
      tx,
      { id: input.creatorId },
      {
        accountId: id,
        action: "organization.created",
        targetId: id,
        details: { name },
      },
    );
    await tx.authSession.updateMany({
      where: { id: input.sessionId, accountId: input.creatorId },
      data: { activeAccountId: id },
    });
    return { id, name };
  });
}
