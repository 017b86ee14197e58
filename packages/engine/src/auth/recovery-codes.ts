import { createHash, randomInt } from "node:crypto";
import { newId, type DbOrTx, type Tx } from "@vgen/db";

export const RECOVERY_CODE_COUNT = 10;
// 10 characters of a 31-letter alphabet without look-alikes: about 49 bits, far too many to guess within the rate limit.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 10;

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Codes are typed by people: case, spaces and the dash do not matter. */
function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(normalized).digest("hex");
}

/** Replaces every recovery code of the account with new ones; the codes are returned once and stored hashed. */
export async function issueRecoveryCodes(tx: Tx, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.recoveryCode.deleteMany({ where: { accountId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ id: newId("rco"), accountId, hash: hashRecoveryCode(code) })),
  });
  return codes;
}

/** Uses up a recovery code: true once per code, false for an unknown or used one. */
export async function useRecoveryCode(db: DbOrTx, accountId: string, code: string): Promise<boolean> {
  const used = await db.recoveryCode.updateMany({
    where: { accountId, hash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return used.count === 1;
}
