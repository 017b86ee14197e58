// Changing the sign-in email (docs/api.md#dashboard-accounts): the owner proves they hold the
// password, the NEW address proves it receives mail by opening a link, and only then does the
// account move; the OLD address is told. The new address travels in the link token's row, so the
// link carries nothing but the token.
import { ApiError } from "@vgen/contracts";
import { Prisma, type Db } from "@vgen/db";
import { asPerson, queueMail, mailLocale, emailChangeConfirmationMail, emailChangeNoticeMail } from "../mail";
import { consumeRateLimit } from "../platform";
import { WrongPasswordError } from "./credentials";
import { consumeLink, issueLink, retireLinks } from "./link-tokens";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords";

/** Confirmation links mailed per account per hour: each goes to an address the owner typed. */
const EMAIL_CHANGES_PER_HOUR = 5;

const emailTaken = () => new ApiError("email_taken", "Another account already uses this email address.", "newEmail");

/** Sends a confirmation link to the new address; the account's email stays as it is until it is opened. */
export async function requestEmailChange(
  db: Db,
  input: { accountId: string; currentPassword: string; newEmail: string },
): Promise<{ sentTo: string }> {
  if (!(await consumeRateLimit(`email-change:${input.accountId}`, EMAIL_CHANGES_PER_HOUR, 3600)).allowed) {
    throw new ApiError("too_many_attempts", "Too many email change requests. Wait an hour and try again.");
  }
  const account = asPerson(
    await db.account.findUniqueOrThrow({
      where: { id: input.accountId },
      select: { id: true, email: true, passwordHash: true, locale: true },
    }),
  );
  const matches = await verifyPassword(input.currentPassword, account.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account.passwordHash || !matches) throw new WrongPasswordError();
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === account.email) throw new ApiError("invalid_parameter", "This is already your email address.", "newEmail");
  if (await db.account.findUnique({ where: { email: newEmail }, select: { id: true } })) throw emailTaken();
  await db.$transaction(async (tx) => {
    // Only the latest request's link works.
    await retireLinks(tx, account.id, "email_change");
    const link = await issueLink(tx, account.id, "email_change", newEmail);
    await queueMail(tx, {
      accountId: account.id,
      to: newEmail,
      ...emailChangeConfirmationMail({ link, currentEmail: account.email, newEmail }, mailLocale(account.locale)),
    });
  });
  return { sentTo: newEmail };
}

/**
 * Opens a confirmation link: the account signs in with the new address from now on, which counts as
 * verified; links sent to the old address stop working, and the old address gets a notice.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<{ email: string }> {
  try {
    return await db.$transaction(async (tx) => {
      const { accountId, newEmail } = await consumeLink(tx, token, "email_change");
      if (!newEmail) throw new Error(`email_change link of ${accountId} has no new address`);
      const before = asPerson(
        await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, locale: true } }),
      );
      if (await tx.account.findUnique({ where: { email: newEmail }, select: { id: true } })) throw emailTaken();
      const now = new Date();
      await tx.account.update({ where: { id: accountId }, data: { email: newEmail, emailVerifiedAt: now } });
      for (const kind of ["email_change", "password_reset", "email_verification"] as const)
        await retireLinks(tx, accountId, kind);
      await queueMail(tx, {
        accountId,
        to: before.email,
        ...emailChangeNoticeMail({ oldEmail: before.email, newEmail, at: now }, mailLocale(before.locale)),
      });
      return { email: newEmail };
    });
  } catch (err) {
    // Another account took the address between the check and the update.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw emailTaken();
    throw err;
  }
}
