import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import * as zxcvbnEn from "@zxcvbn-ts/language-en";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// scrypt (memory-hard KDF) with OWASP-recommended cost; parameters are stored with the hash.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/**
 * A well-formed hash with the current cost that no password matches (its key is all zeros): checking
 * a password against it costs exactly what checking a real one does.
 */
export const DUMMY_PASSWORD_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(32).toString("base64")}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}

// Common and breached passwords, English words and names, keyboard patterns. Levenshtein matching
// stays off: it costs ~0.4 s per check, which would make the sign-up form a CPU lever.
const strength = new ZxcvbnFactory({
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
  graphs: zxcvbnCommon.adjacencyGraphs,
  translations: zxcvbnEn.translations,
});

/** zxcvbn's "safely unguessable" score: about 10^8 guesses or more. */
const MIN_SCORE = 3;
const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;

/**
 * Refuses a password that is short or easy to guess, taking the account's own email and name into
 * account. Every way a password is set (sign-up, reset, change, the ops CLI) goes through here.
 */
export function assertStrongPassword(password: string, personal: { email: string; name?: string | null }): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw weak(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw weak(`Use at most ${MAX_PASSWORD_LENGTH} characters.`);
  const result = strength.check(password, personalWords(personal));
  if (result.score >= MIN_SCORE) return;
  const why = result.feedback.warning || "This password is too easy to guess.";
  throw weak(`${why} Choose a longer passphrase of several unrelated words.`);
}

/** The email, its local part and the name, whole, word by word and run together ("ada.lovelace" → "adalovelace"). */
function personalWords(personal: { email: string; name?: string | null }): string[] {
  const email = personal.email.trim().toLowerCase();
  const words = new Set([email]);
  for (const part of [email.split("@")[0]!, (personal.name ?? "").toLowerCase()]) {
    const pieces = part.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (const w of [part, pieces.join(""), ...pieces]) if (w.length >= 3) words.add(w);
  }
  return [...words];
}

function weak(message: string) {
  return new ApiError("weak_password", message, "password");
}

/** Checks the strength of a new password and hashes it. */
export async function hashNewPassword(password: string, personal: { email: string; name?: string | null }): Promise<string> {
  assertStrongPassword(password, personal);
  return hashPassword(password);
}
