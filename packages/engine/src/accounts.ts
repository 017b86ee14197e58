import { createHash } from "node:crypto";
import { newId, randomBase58, type Db, type Role } from "@vgen/db";
import { LRUCache } from "lru-cache";
import { keysByHash, type KeyIdentity } from "./hot-cache/lookups";
import { logger } from "./logger";
import { hashPassword } from "./passwords";

export const API_KEY_PREFIX = "vgk_";
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(randomBase58(32)).toString("base64")}`;
}

export async function createAccount(db: Db, input: { email: string; password?: string; role?: Role; name?: string }) {
  return db.account.create({
    data: {
      id: newId("account"),
      email: input.email.trim().toLowerCase(),
      name: input.name ?? null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      role: input.role ?? "user",
      webhookSecret: newWebhookSecret(),
    },
  });
}

/** Issues a key; the full key is returned once and only its hash is stored. */
export async function issueApiKey(db: Db, accountId: string, name = "Default key") {
  const key = `${API_KEY_PREFIX}${randomBase58(40)}`;
  const record = await db.apiKey.create({
    data: { id: newId("apiKey"), accountId, name, prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(key) },
  });
  return { key, record };
}

const LAST_USED_RESOLUTION_MS = 60_000;
const lastUseWritten = new LRUCache<string, number>({ max: 100_000 });

/** Resolves a bearer token to its live key and account, or null (read through the process cache). */
export async function authenticateApiKey(db: Db, token: string): Promise<KeyIdentity | null> {
  const identity = await keysByHash.get(db, hashApiKey(token));
  if (identity) recordKeyUse(db, identity.apiKey.id);
  return identity;
}

/** Last use at minute resolution, written off the request path so a hot key costs no write per request. */
function recordKeyUse(db: Db, keyId: string) {
  const now = Date.now();
  if (now - (lastUseWritten.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastUseWritten.set(keyId, now);
  db.apiKey
    .update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } })
    .catch((err: unknown) => logger.warn({ err, keyId }, "could not record API key use"));
}
