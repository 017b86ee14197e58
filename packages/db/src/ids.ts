import { randomBytes } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Base58 random string: no look-alike characters, safe in URLs and file names. */
export function randomBase58(length: number): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 58 * 4 = 232: rejecting bytes >= 232 keeps the distribution uniform.
      if (byte < 232 && out.length < length) out.push(ALPHABET[byte % 58]!);
    }
  }
  return out.join("");
}

export const ID_PREFIXES = {
  account: "acct",
  apiKey: "key",
  generation: "vid",
  ledger: "led",
  request: "req",
  delivery: "whd",
  attempt: "wha",
  subscription: "sub",
  invoice: "inv",
  testBalanceRequest: "tbr",
  audit: "aud",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Prefixed opaque ids (Unkey style): `vid_3fT9...`. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBase58(22)}`;
}
