import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { consumeRateLimit } from "../platform";
import { useRecoveryCode } from "./recovery-codes";
import { acceptTotpCode } from "./totp";

/** Second-factor attempts per account per window, right or wrong: 6-digit codes must not be guessable. */
export const SECOND_FACTOR_ATTEMPTS = 10;
const SECOND_FACTOR_WINDOW_SECONDS = 15 * 60;

export class InvalidTwoFactorCodeError extends ApiError {
  constructor() {
    super(
      "invalid_two_factor_code",
      "That code is not correct or was already used. Enter the current code from your authenticator app, or a recovery code.",
      "code",
    );
    this.name = "InvalidTwoFactorCodeError";
  }
}

export class TooManyTwoFactorAttemptsError extends ApiError {
  constructor() {
    super("too_many_attempts", "Too many two-factor codes tried. Wait 15 minutes and try again.");
    this.name = "TooManyTwoFactorAttemptsError";
  }
}

/**
 * Checks the second factor of an account with two-factor sign-in on: a current TOTP code (never one
 * accepted before) or an unused recovery code, which is then used up. Every attempt counts against
 * the account's limit, whoever makes it and from wherever.
 */
export async function checkSecondFactor(db: Db, accountId: string, code: string): Promise<void> {
  const limit = await consumeRateLimit(`second-factor:${accountId}`, SECOND_FACTOR_ATTEMPTS, SECOND_FACTOR_WINDOW_SECONDS);
  if (!limit.allowed) throw new TooManyTwoFactorAttemptsError();
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true },
  });
  const typed = code.trim().replace(/\s+/g, "");
  if (!account.totpSecret || !account.totpEnabledAt) throw new InvalidTwoFactorCodeError();
  const accepted = /^\d{6}$/.test(typed)
    ? await acceptTotpCode(db, { ...account, totpSecret: account.totpSecret }, typed)
    : await useRecoveryCode(db, accountId, typed);
  if (!accepted) throw new InvalidTwoFactorCodeError();
}
