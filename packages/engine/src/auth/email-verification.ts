import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { consumeRateLimit } from "../platform";
import { asPerson, queueMail, mailLocale, emailVerificationMail } from "../mail";
import { consumeLink, issueLink, retireLinks } from "./link-tokens";

const VERIFICATION_LINKS_PER_HOUR = 5;

class TooManyVerificationLinksError extends ApiError {
  constructor() {
    super(
      "too_many_attempts",
      "A verification link was sent several times in the last hour. Check your inbox (and spam), or try again later.",
    );
    this.name = "TooManyVerificationLinksError";
  }
}

/** Sends a verification link unless the address is already verified; at most a few per hour. */
export async function sendVerificationLink(db: Db, accountId: string): Promise<{ sent: boolean }> {
  const account = asPerson(
    await db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: { id: true, email: true, emailVerifiedAt: true, locale: true },
    }),
  );
  if (account.emailVerifiedAt) return { sent: false };
  if (!(await consumeRateLimit(`verify-link:${accountId}`, VERIFICATION_LINKS_PER_HOUR, 3600)).allowed)
    throw new TooManyVerificationLinksError();
  await db.$transaction(async (tx) => {
    const link = await issueLink(tx, account.id, "email_verification");
    await queueMail(tx, { accountId: account.id, to: account.email, ...emailVerificationMail(link, mailLocale(account.locale)) });
  });
  return { sent: true };
}

/** Opens a verification link: the account's email counts as verified from now on. */
export async function verifyEmail(db: Db, token: string): Promise<{ email: string }> {
  return db.$transaction(async (tx) => {
    const { accountId } = await consumeLink(tx, token, "email_verification");
    await tx.account.updateMany({ where: { id: accountId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
    await retireLinks(tx, accountId, "email_verification");
    return asPerson(await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } }));
  });
}
