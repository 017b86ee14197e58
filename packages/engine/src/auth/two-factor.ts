import { ApiError } from "@vgen/contracts";
import type { Db, Tx } from "@vgen/db";
import { confirmOwner } from "./confirm-owner";
import { issueRecoveryCodes } from "./recovery-codes";
import { newTotpSecret, totpUri, acceptTotpCode } from "./totp";
import { sealTotpSecret } from "./totp-secret-box";
import { consumeRateLimit } from "../platform";
import {
  asPerson,
  mailLocale,
  notifyOwner,
  queueMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  twoFactorResetMail,
} from "../mail";
import { revokeAccountSessions } from "./sessions";

const ENROLLMENT_CONFIRMATIONS_PER_WINDOW = 10;

function alreadyOn() {
  return new ApiError("action_not_allowed", "Two-factor sign-in is already on. Turn it off first to use another authenticator.");
}

/**
 * First step of enrollment: a new secret for the authenticator app. It is shown only now (as a QR
 * code and as text); sign-in does not ask for codes until the owner confirms one.
 */
export async function startTwoFactorEnrollment(db: Db, accountId: string): Promise<{ secret: string; uri: string }> {
  const { passwordHash } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { passwordHash: true } });
  // The second factor guards password sign-in; GitHub sign-in is refused for accounts that have it on.
  if (!passwordHash)
    throw new ApiError(
      "action_not_allowed",
      "Set a password first (Forgot password? on the sign-in page): two-factor codes are asked after the password.",
    );
  const secret = newTotpSecret();
  const updated = await db.account.updateMany({
    where: { id: accountId, totpEnabledAt: null },
    data: { totpSecret: sealTotpSecret(secret, accountId), totpLastStep: null },
  });
  if (updated.count === 0) throw alreadyOn();
  const { email } = asPerson(await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } }));
  return { secret, uri: totpUri(secret, email) };
}

/** Second step: a current code from the app turns two-factor sign-in on; the recovery codes are returned this once. */
export async function confirmTwoFactorEnrollment(db: Db, accountId: string, code: string): Promise<{ recoveryCodes: string[] }> {
  if (!(await consumeRateLimit(`totp-enroll:${accountId}`, ENROLLMENT_CONFIRMATIONS_PER_WINDOW, 15 * 60)).allowed) {
    throw new ApiError("too_many_attempts", "Too many codes tried. Wait 15 minutes and try again.");
  }
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true },
  });
  if (account.totpEnabledAt) throw alreadyOn();
  if (!account.totpSecret) throw new ApiError("action_not_allowed", "Start the setup again: no authenticator secret is waiting.");
  return db.$transaction(async (tx) => {
    const accepted = await acceptTotpCode(tx, { ...account, totpSecret: account.totpSecret! }, code.trim());
    if (!accepted)
      throw new ApiError(
        "invalid_two_factor_code",
        "That code is not correct. Enter the current 6-digit code from your authenticator app.",
        "code",
      );
    const at = new Date();
    // Conditional, so of two confirmations at once only one turns it on (and mails the owner).
    const moved = await tx.account.updateMany({ where: { id: accountId, totpEnabledAt: null }, data: { totpEnabledAt: at } });
    if (moved.count === 0) throw alreadyOn();
    await notifyOwner(tx, accountId, (locale, owner) => twoFactorEnabledMail({ email: owner.email, at }, locale));
    return { recoveryCodes: await issueRecoveryCodes(tx, accountId) };
  });
}

/** Turns two-factor sign-in off (password and a current code required); the secret and recovery codes are deleted. */
export async function disableTwoFactor(db: Db, input: { accountId: string; password: string; code: string }): Promise<void> {
  await confirmOwner(db, input);
  await db.$transaction(async (tx) => {
    const at = new Date();
    // Only a change from on to off is mailed: turning off what is already off changes nothing.
    const moved = await tx.account.updateMany({
      where: { id: input.accountId, totpEnabledAt: { not: null } },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    // A secret waiting for confirmation goes too, as before.
    if (moved.count === 0)
      await tx.account.update({ where: { id: input.accountId }, data: { totpSecret: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { accountId: input.accountId } });
    if (moved.count === 1)
      await notifyOwner(tx, input.accountId, (locale, owner) => twoFactorDisabledMail({ email: owner.email, at }, locale));
  });
}

/** New recovery codes replace every old one (password and a current code required). */
export async function regenerateRecoveryCodes(
  db: Db,
  input: { accountId: string; password: string; code: string },
): Promise<{ recoveryCodes: string[] }> {
  const { totpEnabledAt } = await db.account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { totpEnabledAt: true },
  });
  if (!totpEnabledAt)
    throw new ApiError("action_not_allowed", "Two-factor sign-in is off: there are no recovery codes to replace.");
  await confirmOwner(db, input);
  return db.$transaction(async (tx) => ({ recoveryCodes: await issueRecoveryCodes(tx, input.accountId) }));
}

/** What the security page shows: whether two-factor sign-in is on, since when, and how many recovery codes are left. */
export async function twoFactorStatus(db: Db, accountId: string) {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { totpEnabledAt: true, passwordHash: true },
  });
  const left = account.totpEnabledAt ? await db.recoveryCode.count({ where: { accountId, usedAt: null } }) : 0;
  return {
    enabled: account.totpEnabledAt !== null,
    enabledAt: account.totpEnabledAt,
    recoveryCodesLeft: left,
    hasPassword: account.passwordHash !== null,
  };
}

/**
 * Support's reset for an owner who lost their authenticator, in the caller's transaction (which
 * audits it): the secret, the enabled flag and the recovery codes go, every session is signed out,
 * and the owner is told by email.
 */
export async function resetTwoFactorInTransaction(
  tx: Tx,
  account: { id: string; email: string; locale: string },
): Promise<{ recoveryCodesDeleted: number; sessionsRevoked: number }> {
  const at = new Date();
  await tx.account.update({ where: { id: account.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
  const codes = await tx.recoveryCode.deleteMany({ where: { accountId: account.id } });
  const sessionsRevoked = await revokeAccountSessions(tx, account.id);
  await queueMail(tx, {
    accountId: account.id,
    to: account.email,
    ...twoFactorResetMail({ email: account.email, at }, mailLocale(account.locale)),
  });
  return { recoveryCodesDeleted: codes.count, sessionsRevoked };
}
