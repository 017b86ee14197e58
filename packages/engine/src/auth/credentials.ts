import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { DUMMY_PASSWORD_HASH, hashNewPassword, verifyPassword } from "./passwords";
import { consumeRateLimit } from "../platform";
import { asPerson, queueMail, mailLocale, passwordChangedMail, passwordResetMail } from "../mail";
import { consumeLink, InvalidLinkError, issueLink, peekLink, retireLinks } from "./link-tokens";
import { revokeAccountSessions } from "./sessions";

/** Reset links mailed to one address per hour: enough for a lost mail, too few to flood an inbox. */
const RESET_LINKS_PER_EMAIL_PER_HOUR = 3;
const PASSWORD_CHANGES_PER_WINDOW = 10;

export class WrongPasswordError extends ApiError {
  constructor() {
    super("wrong_password", "Your current password is not correct.");
    this.name = "WrongPasswordError";
  }
}

class TooManyPasswordChangesError extends ApiError {
  constructor() {
    super("too_many_attempts", "Too many password change attempts. Wait 15 minutes and try again.");
    this.name = "TooManyPasswordChangesError";
  }
}

/**
 * "Forgot password?": sends a reset link when the email belongs to an active account. The caller
 * answers the same in every case, so the form does not tell who has an account.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const account = await db.account
    .findUnique({ where: { email: normalized }, select: { id: true, email: true, status: true, locale: true } })
    .then((row) => row && asPerson(row));
  if (account?.status !== "active") return;
  if (!(await consumeRateLimit(`reset-link:${normalized}`, RESET_LINKS_PER_EMAIL_PER_HOUR, 3600)).allowed) return;
  await db.$transaction(async (tx) => {
    const link = await issueLink(tx, account.id, "password_reset");
    await queueMail(tx, { accountId: account.id, to: account.email, ...passwordResetMail(link, mailLocale(account.locale)) });
  });
}

/** The email a live reset link is for, or null (the reset page shows its form only for a live link). */
export async function resetLinkEmail(db: Db, token: string): Promise<string | null> {
  return (await peekLink(db, token, "password_reset"))?.email ?? null;
}

/**
 * Sets a new password from a reset link. The link is used up, every other reset link retired,
 * every session of the account revoked, and the sign-in lockout lifted (it is keyed on the time of
 * the last password change). Receiving the link also proves the address, so it counts as verified.
 * The owner gets a notice.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ email: string }> {
  const account = await peekLink(db, token, "password_reset");
  if (!account) throw new InvalidLinkError("password_reset");
  // The KDF runs before the transaction: no row stays locked for its ~0.3 s.
  const passwordHash = await hashNewPassword(password, account);
  await db.$transaction(async (tx) => {
    const { accountId } = await consumeLink(tx, token, "password_reset");
    const now = new Date();
    await tx.account.update({ where: { id: accountId }, data: { passwordHash, passwordChangedAt: now } });
    await tx.account.updateMany({ where: { id: accountId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await retireLinks(tx, accountId, "password_reset");
    await revokeAccountSessions(tx, accountId);
    await queueMail(tx, {
      accountId,
      to: account.email,
      ...passwordChangedMail({ email: account.email, at: now }, mailLocale(account.locale)),
    });
  });
  return { email: account.email };
}

/** A signed-in owner changes their password; every other session of the account is signed out and the owner gets a notice. */
export async function changePassword(
  db: Db,
  input: { accountId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  if (!(await consumeRateLimit(`password-change:${input.accountId}`, PASSWORD_CHANGES_PER_WINDOW, 15 * 60)).allowed) {
    throw new TooManyPasswordChangesError();
  }
  const account = asPerson(
    await db.account.findUniqueOrThrow({
      where: { id: input.accountId },
      select: { id: true, email: true, name: true, passwordHash: true, locale: true },
    }),
  );
  const matches = await verifyPassword(input.currentPassword, account.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account.passwordHash || !matches) throw new WrongPasswordError();
  const passwordHash = await hashNewPassword(input.newPassword, account);
  await db.$transaction(async (tx) => {
    const now = new Date();
    await tx.account.update({ where: { id: account.id }, data: { passwordHash, passwordChangedAt: now } });
    await retireLinks(tx, account.id, "password_reset");
    await revokeAccountSessions(tx, account.id, input.sessionId);
    await queueMail(tx, {
      accountId: account.id,
      to: account.email,
      ...passwordChangedMail({ email: account.email, at: now }, mailLocale(account.locale)),
    });
  });
}
