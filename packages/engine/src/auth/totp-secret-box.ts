// The TOTP secret at rest: AES-256-GCM under a key derived from NEXTAUTH_SECRET, so a copy of the
// database alone (a backup, a replica, a read-only SQL leak) does not hand out second factors.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@vgen/config";

/** Stored values start with their format: `v1:` is sealed; anything else is a plain base32 secret of before. */
const V1 = "v1:";
/** Distinct from every other use of NEXTAUTH_SECRET (session signing): the derived key serves this alone. */
const HKDF_INFO = "vgen/totp-secret/aes-256-gcm/v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE32 = /^[A-Z2-7]+=*$/;

let derived: { from: string; key: Buffer } | undefined;

function sealingKey(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  // The start command always sets one (generated into DATA_DIR when not configured); without it
  // there is no key, and storing the secret in the clear is not an option.
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: two-factor secrets cannot be sealed or opened");
  if (derived?.from !== secret) {
    derived = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), HKDF_INFO, 32)) };
  }
  return derived.key;
}

/**
 * The secret as stored for this account. The account id is the authenticated data, so a sealed
 * value copied onto another account does not open.
 */
export function sealTotpSecret(secret: string, accountId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), iv);
  cipher.setAAD(Buffer.from(accountId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return V1 + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/**
 * The secret of a stored value, with `plain` set for a row written before sealing (to be sealed
 * on its next use); null for anything that does not open: a tampered or foreign value fails closed.
 */
export function openTotpSecret(stored: string, accountId: string): { secret: string; plain: boolean } | null {
  if (!stored.startsWith(V1)) return BASE32.test(stored) ? { secret: stored, plain: true } : null;
  const raw = Buffer.from(stored.slice(V1.length), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  const key = sealingKey();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const secret = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    return { secret: secret.toString("utf8"), plain: false };
  } catch {
    return null;
  }
}
