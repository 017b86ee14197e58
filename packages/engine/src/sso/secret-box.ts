// Secrets of single sign-on at rest and in the browser: AES-256-GCM under a key derived from
// NEXTAUTH_SECRET (its own HKDF label), so neither a database copy nor the sign-in cookie gives
// away an IdP client secret or a PKCE verifier, and a value sealed for one purpose opens for no other.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@vgen/config";

const HKDF_INFO = "vgen/sso/aes-256-gcm/v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

let derived: { from: string; key: Buffer } | undefined;

function sealingKey(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: single sign-on secrets cannot be sealed or opened");
  if (derived?.from !== secret) {
    derived = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), HKDF_INFO, 32)) };
  }
  return derived.key;
}

/** `purpose` is the authenticated data: a value sealed for one organization or use opens for no other. */
export function seal(value: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The sealed value, or null for anything tampered, foreign or malformed. */
export function open(sealed: string, purpose: string): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
