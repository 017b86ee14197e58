import { createHash } from "node:crypto";
import type { Locale, Id } from "@vgen/contracts";
import { newWebhookSecret } from "../delivery";
import { newId, Prisma, type Db, type Role } from "@vgen/db";
import { LRUCache } from "lru-cache";
import { sendVerificationLink, hashNewPassword } from "../auth";
import { keysByHash, type KeyIdentity } from "./key-identity";
import { logger } from "../platform";
import { asPerson, queueMail, mailLocale, signUpAttemptMail } from "../mail";
import { issueApiKey } from "./api-keys";

export const API_KEY_PREFIX = "vgk_";
/** Test keys (docs/api.md#test-mode) are told apart at a glance, as their records are by `livemode`. */
export const TEST_API_KEY_PREFIX = "vgk_test_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * Creates an account. A password is checked for strength first; `emailVerified` is for addresses
 * someone already vouched for (an OAuth provider that verified it, test setup); `locale` is the
 * language of its emails.
 */
export async function createAccount(
  db: Db,
  input: { email: string; password?: string; role?: Role; name?: string; emailVerified?: boolean; locale?: Locale },
) {
  const email = input.email.trim().toLowerCase();
  const id = newId("acct");
  const account = await db.account.create({
    data: {
      id,
      email,
      name: input.name ?? null,
      passwordHash: input.password ? await hashNewPassword(input.password, { email, name: input.name }) : null,
      role: input.role ?? "user",
      webhookSecret: newWebhookSecret(),
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      locale: input.locale ?? "en",
    },
  });
  return { ...account, email, id };
}

/** The owner switched the dashboard's language: their emails follow it. */
export async function setAccountLocale(db: Db, accountId: Id<"acct">, locale: Locale): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { locale } });
}

/**
 * Sign-up from the web: the account, its first test key (usable at once, before verification and
 * with a $0 balance; returned in full this once) and a link to verify its email (needed for live keys).
 * An address that already has an account gets no second one and its owner an email instead (null
 * here); the password is hashed either way, so the answer takes as long.
 */
export async function signUp(db: Db, input: { email: string; password: string; name?: string; locale?: Locale }) {
  const account = await createAccount(db, input).catch((err: unknown) => {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return null;
    throw err;
  });
  if (!account) {
    const owner = await db.account
      .findUnique({ where: { email: input.email.trim().toLowerCase() }, select: { id: true, email: true, locale: true } })
      .then((row) => row && asPerson(row));
    if (owner) {
      await queueMail(db, {
        accountId: owner.id,
        to: owner.email,
        ...signUpAttemptMail({ email: owner.email, at: new Date() }, mailLocale(owner.locale)),
      });
    }
    return null;
  }
  const testKey = await issueApiKey(db, account.id, "Test key", undefined, { livemode: false });
  await sendVerificationLink(db, account.id);
  return { account, testKey };
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
