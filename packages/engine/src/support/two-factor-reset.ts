// Two-factor reset: staff turn off an owner's two-factor sign-in when they lost their authenticator.
import type { Db } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { resetTwoFactorInTransaction } from "../auth";
import { checkReason, refuseIfDeleted, SupportError } from "./staff-action";

/**
 * Clears the account's TOTP secret, enabled flag and recovery codes and signs out its sessions, as
 * staff; audited, and the owner emailed, in the same transaction.
 */
export async function resetTwoFactorAsStaff(db: Db, input: { accountId: string; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  return db.$transaction(async (tx) => {
    const actor = await tx.account.findUnique({ where: { id: input.actorId }, select: { role: true } });
    if (!actor || actor.role === "user")
      throw new SupportError("action_not_allowed", "Only support staff can reset an account's two-factor sign-in.");
    const account = await tx.account.findUnique({
      where: { id: input.accountId },
      select: { id: true, email: true, locale: true, deletedAt: true, totpEnabledAt: true, totpSecret: true },
    });
    if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
    refuseIfDeleted(account, "resetting its two-factor sign-in");
    if (!account.totpEnabledAt && !account.totpSecret)
      throw new SupportError("state_conflict", "Two-factor sign-in is already off for this account.");
    // Only a person has a sign-in (and so a second factor); an organization's row has no address.
    if (account.email === null)
      throw new SupportError("action_not_allowed", "An organization has no sign-in of its own; reset its owner's instead.");
    const done = await resetTwoFactorInTransaction(tx, { id: account.id, email: account.email, locale: account.locale });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "account.two_factor_reset",
      targetAccountId: account.id,
      targetId: account.id,
      details: { reason, wasEnabledAt: account.totpEnabledAt?.toISOString() ?? null, ...done },
    });
    return { accountId: account.id, ...done };
  });
}
