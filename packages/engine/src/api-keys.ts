import type { Db } from "@vgen/db";
import { issueApiKey } from "./accounts";

/** Live (not revoked) keys an account may hold at once. */
export const MAX_LIVE_API_KEYS = 20;

export class ApiKeyNotFoundError extends Error {
  constructor() {
    super("No live API key with this id on this account.");
  }
}

export class TooManyApiKeysError extends Error {
  constructor() {
    super(`An account can hold at most ${MAX_LIVE_API_KEYS} live keys. Revoke one you no longer use first.`);
  }
}

/** An account's keys, newest first, without their hashes. */
export function listApiKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Issues a named key unless the account already holds the maximum of live keys. */
export async function issueNamedApiKey(db: Db, accountId: string, name: string) {
  return db.$transaction(async (tx) => {
    // The account row lock serializes concurrent issues, so the count-then-create cannot overshoot the cap.
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
    const live = await tx.apiKey.count({ where: { accountId, revokedAt: null } });
    if (live >= MAX_LIVE_API_KEYS) throw new TooManyApiKeysError();
    return issueApiKey(tx as unknown as Db, accountId, name);
  });
}

/** Revokes one live key of one account; the API refuses it from the next request on. */
export async function revokeApiKey(db: Db, accountId: string, keyId: string) {
  const res = await db.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (res.count === 0) throw new ApiKeyNotFoundError();
}

/**
 * Rotation: a new key with the same name, and the old one revoked, in one transaction, so a
 * concurrent revoke or rotate of the same key can never leave two successors.
 */
export async function rotateApiKey(db: Db, accountId: string, keyId: string) {
  return db.$transaction(async (tx) => {
    const old = await tx.apiKey.findFirst({ where: { id: keyId, accountId, revokedAt: null } });
    if (!old) throw new ApiKeyNotFoundError();
    const res = await tx.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (res.count === 0) throw new ApiKeyNotFoundError();
    // issueApiKey only creates the row; the transaction client serves it the same way.
    return issueApiKey(tx as unknown as Db, accountId, old.name);
  });
}

