import { z } from "zod";

/** Every id prefix of ours and what its ids name (Unkey style: `vid_3fT9...`). */
const ID_PREFIXES = {
  acct: "account",
  key: "API key",
  vid: "generation",
  led: "ledger entry",
  req: "request",
  whd: "webhook delivery",
  wha: "webhook delivery attempt",
  whe: "webhook endpoint",
  whl: "webhook listen session",
  sub: "subscription",
  inv: "invoice",
  tbr: "test balance request",
  aud: "audit entry",
  ses: "dashboard session",
  rco: "recovery code",
  atk: "emailed link token",
  eml: "outbound email",
  rte: "model route",
  rat: "route attempt",
  oinv: "organization invitation",
  proj: "project",
  quo: "quote",
  odom: "organization email domain",
} as const;

export type IdPrefix = keyof typeof ID_PREFIXES;

/** An id of ours: its prefix, `_`, then base58 (`Id<"vid">` is a generation's). */
export type Id<P extends IdPrefix> = `${P}_${string}`;

/** Base58: no look-alike characters (0, O, I, l), safe in URLs and file names. Ids and tokens use it. */
export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Longer than any id we issue (prefix + 22); bounds what reaches a query. */
const ID_MAX_LENGTH = 64;
const BASE58 = new RegExp(`^[${BASE58_ALPHABET}]+$`);

/** Whether a string is made of base58 characters only (ids' bodies, emailed link tokens). */
export function isBase58(value: string): boolean {
  return BASE58.test(value);
}

/** Whether a value has the form of an id with this prefix. */
export function isId<P extends IdPrefix>(prefix: P, value: unknown): value is Id<P> {
  return (
    typeof value === "string" &&
    value.length <= ID_MAX_LENGTH &&
    value.startsWith(`${prefix}_`) &&
    isBase58(value.slice(prefix.length + 1))
  );
}

/** A string schema that accepts ids with this prefix only, typed as such. */
export function idSchema<P extends IdPrefix>(prefix: P, message = `Not a ${ID_PREFIXES[prefix]} id.`) {
  return z.string().refine((value): value is Id<P> => isId(prefix, value), { error: message });
}
