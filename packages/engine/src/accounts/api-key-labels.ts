import type { Db } from "@vgen/db";

/** What names a key where its requests and statistics are shown. */
const LABEL = { name: true, prefix: true, revokedAt: true } as const;

/** Keys not revoked; `livemode` counts only live or only test keys, left out both. */
export function countActiveApiKeys(db: Db, accountId: string, livemode?: boolean): Promise<number> {
  return db.apiKey.count({ where: { accountId, revokedAt: null, ...(livemode === undefined ? {} : { livemode }) } });
}

/** Every key of the account, revoked ones too, oldest first: the filters of its statistics. */
export function listApiKeyLabels(db: Db, accountId: string) {
  return db.apiKey.findMany({ where: { accountId }, select: { id: true, ...LABEL }, orderBy: { createdAt: "asc" } });
}

/** One key's label, or null when the account has no such key. */
export function findApiKeyLabel(db: Db, accountId: string, keyId: string) {
  return db.apiKey.findFirst({ where: { id: keyId, accountId }, select: LABEL });
}
