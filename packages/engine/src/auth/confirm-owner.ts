import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { consumeRateLimit } from "../platform";
import { WrongPasswordError } from "./credentials";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords";
import { checkSecondFactor } from "./second-factor";

const CONFIRMATIONS_PER_WINDOW = 10;

/**
 * A signed-in owner proves it is them before a change a stolen session must not make (two-factor
 * settings, account deletion): the account password, and a second-factor code when two-factor
 * sign-in is on. An account without a password (GitHub sign-in only) has no password to give.
 */
export async function confirmOwner(
  db: Db,
  input: { accountId: string; password: string; code?: string | undefined },
): Promise<void> {
  if (!(await consumeRateLimit(`owner-confirm:${input.accountId}`, CONFIRMATIONS_PER_WINDOW, 15 * 60)).allowed) {
    throw new ApiError("too_many_attempts", "Too many attempts. Wait 15 minutes and try again.");
  }
  const account = await db.account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { passwordHash: true, totpEnabledAt: true },
  });
  if (account.passwordHash !== null || input.password !== "") {
    const matches = await verifyPassword(input.password, account.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account.passwordHash || !matches) throw new WrongPasswordError();
  }
  if (account.totpEnabledAt) {
    if (!input.code)
      throw new ApiError(
        "invalid_two_factor_code",
        "Enter the current code from your authenticator app, or a recovery code.",
        "code",
      );
    await checkSecondFactor(db, input.accountId, input.code);
  }
}
