import type { Db, Role } from "@vgen/db";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords";
import { consumeRateLimit } from "../platform";
import { checkSecondFactor, InvalidTwoFactorCodeError, TooManyTwoFactorAttemptsError } from "./second-factor";

/** Attempts per email from one address, and per address over all emails, per window. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS = 10;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type SignInOutcome =
  | { ok: true; account: { id: string; email: string; name: string | null; role: Role } }
  | { ok: false; reason: "invalid" | "locked" | "suspended" | "code_required" | "code_invalid" | "code_locked" };

/**
 * Email and password sign-in. Two rules keep it from telling who has an account:
 * - the password is checked with the KDF exactly once on every attempt that gets past the limits,
 *   against a dummy hash when the email is unknown or has no password, so a wrong password costs
 *   the same whether or not the account exists (and suspension is told only to the right password);
 * - the lockout key is the email together with the source address, for known and unknown emails
 *   alike, so a locked attempt is refused as quickly either way. Guessing from one address cannot
 *   lock the owner out elsewhere, and a password reset (which moves `passwordChangedAt`, part of
 *   the key) lifts every lockout of the account at once.
 * With two-factor sign-in on, the right password alone is not a sign-in: the same request must carry
 * a current code or a recovery code (`code`), checked only after the password matched.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; code?: string | undefined; address: string; attemptsPerAddress: number },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const account = await db.account.findUnique({
    where: { email },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      status: true,
      passwordHash: true,
      passwordChangedAt: true,
      totpEnabledAt: true,
    },
  });
  const epoch = account?.passwordChangedAt?.getTime() ?? 0;
  const [pair, address] = await Promise.all([
    consumeRateLimit(`login:${email}:${input.address}:${epoch}`, SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS, SIGN_IN_WINDOW_SECONDS),
    consumeRateLimit(`login-ip:${input.address}`, input.attemptsPerAddress, SIGN_IN_WINDOW_SECONDS),
  ]);
  if (!pair.allowed || !address.allowed) return { ok: false, reason: "locked" };
  const matches = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account?.passwordHash || !matches) return { ok: false, reason: "invalid" };
  if (account.status === "suspended") return { ok: false, reason: "suspended" };
  if (account.totpEnabledAt) {
    if (!input.code?.trim()) return { ok: false, reason: "code_required" };
    try {
      await checkSecondFactor(db, account.id, input.code);
    } catch (err) {
      if (err instanceof InvalidTwoFactorCodeError) return { ok: false, reason: "code_invalid" };
      if (err instanceof TooManyTwoFactorAttemptsError) return { ok: false, reason: "code_locked" };
      throw err;
    }
  }
  // Found by this address: the row is a person and this is its email.
  return { ok: true, account: { id: account.id, email, name: account.name, role: account.role } };
}
