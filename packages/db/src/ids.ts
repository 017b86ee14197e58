import { randomBytes } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Every id of a request comes from this pool of CSPRNG bytes: one system call per 4 KiB, not per id. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function randomByte(): number {
  if (used === pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  return pool.readUInt8(used++);
}

/** Base58 random string: no look-alike characters, safe in URLs and file names. */
export function randomBase58(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 58 * 4 = 232: rejecting bytes >= 232 keeps the distribution uniform.
    if (byte < 232) out += ALPHABET.charAt(byte % 58);
  }
  return out;
}

export const ID_PREFIXES = {
  account: "acct",
  apiKey: "key",
  generation: "vid",
  ledger: "led",
  request: "req",
  delivery: "whd",
  attempt: "wha",
  webhookEndpoint: "whe",
  listenSession: "whl",
  subscription: "sub",
  invoice: "inv",
  testBalanceRequest: "tbr",
  audit: "aud",
  session: "ses",
  recoveryCode: "rco",
  authToken: "atk",
  outboundEmail: "eml",
  modelRoute: "rte",
  routeAttempt: "rat",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Prefixed opaque ids (Unkey style): `vid_3fT9...`. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBase58(22)}`;
}
