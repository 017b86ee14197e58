import { randomBytes } from "node:crypto";
import { BASE58_ALPHABET, type Id, type IdPrefix } from "@vgen/contracts";

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

/** A random base58 string (secrets, tokens and the bodies of ids). */
export function randomBase58(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 58 * 4 = 232: rejecting bytes >= 232 keeps the distribution uniform.
    if (byte < 232) out += BASE58_ALPHABET.charAt(byte % 58);
  }
  return out;
}

/** A new id (`newId("vid")` → `vid_3fT9...`); the prefixes and the id form are in @vgen/contracts. */
export function newId<P extends IdPrefix>(prefix: P): Id<P> {
  return `${prefix}_${randomBase58(22)}`;
}
