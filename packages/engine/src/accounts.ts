import { createHash } from "node:crypto";
import { newId, randomBase58, type Db, type Role } from "@vgen/db";
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

/** Resolves a bearer token to its live key and account, or null. */
export async function authenticateApiKey(db: Db, token: string) {
  const apiKey = await db.apiKey.findUnique({ where: { hash: hashApiKey(token) }, include: { account: true } });
  if (!apiKey || apiKey.revokedAt) return null;
  // Record last use at minute resolution so a hot key does not write on every request.
  if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date() } });
  }
  return apiKey;
}
