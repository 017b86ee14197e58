import { generateSecret, generateURI, verify } from "otplib";
import type { DbOrTx } from "@vgen/db";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-box";

/** A code of the previous or next 30 s step is accepted too: phones' clocks drift. */
const CLOCK_DRIFT_SECONDS = 30;
const ISSUER = "vgen";

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * Checks a 6-digit code against the account's stored secret (totp-secret-box.ts) and records its
 * time step in the same conditional update, so a code (or an earlier one) accepted once is refused
 * afterwards, even when two requests race with it. A secret stored in the clear before sealing is
 * sealed by that update. A stored value that does not open accepts no code.
 */
export async function acceptTotpCode(
  db: DbOrTx,
  account: { id: string; totpSecret: string; totpLastStep: number | null },
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const opened = openTotpSecret(account.totpSecret, account.id);
  if (!opened) return false;
  const result = await verify({
    secret: opened.secret,
    token: code,
    epochTolerance: CLOCK_DRIFT_SECONDS,
    ...(account.totpLastStep !== null ? { afterTimeStep: account.totpLastStep } : {}),
  });
  if (!result.valid || !("timeStep" in result)) return false;
  const step = result.timeStep;
  const claimed = await db.account.updateMany({
    where: { id: account.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step, ...(opened.plain ? { totpSecret: sealTotpSecret(opened.secret, account.id) } : {}) },
  });
  return claimed.count === 1;
}
