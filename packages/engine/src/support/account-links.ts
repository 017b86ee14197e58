// Account links: staff make a password reset or email verification link for a customer to pass on.
import type { Db } from "@vgen/db";
import { issueLink } from "../auth";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/**
 * A fresh password reset or email verification link for an account, shown to staff once so they can
 * pass it to the owner directly (when mail does not reach them). Only for customer accounts: a support agent
 * must not be able to take over a staff account this way.
 */
export async function issueAccountLinkAsStaff(
  db: Db,
  input: { accountId: string; kind: "password_reset" | "email_verification"; actorId: string },
) {
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({
      where: { id: input.accountId },
      select: { id: true, role: true, emailVerifiedAt: true },
    });
    if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
    if (account.role !== "user")
      throw new SupportError("action_not_allowed", "Links are made from the console for customer accounts only.");
    if (input.kind === "email_verification" && account.emailVerifiedAt)
      throw new SupportError("state_conflict", "The email is already verified.");
    const link = await issueLink(tx, account.id, input.kind);
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: input.kind === "password_reset" ? "account.reset_link" : "account.verification_link",
      targetAccountId: account.id,
      targetId: account.id,
    });
    return { link };
  });
}
