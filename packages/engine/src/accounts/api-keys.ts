import { ApiError, formatTimestamp, type Id } from "@vgen/contracts";
import { newId, randomBase58, type Db, type Tx } from "@vgen/db";
import { API_KEY_PREFIX, hashApiKey, TEST_API_KEY_PREFIX } from "./accounts";
import type { KeyRestrictionColumns } from "./key-restrictions";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { apiKeyCreatedMail, apiKeyRevokedMail, notifyOwner } from "../mail";
import { resolveProjectId } from "../projects";

/** Characters shown after the key's kind (`vgk_` or `vgk_test_`). */
const DISPLAY_RANDOM_LENGTH = 8;

/** Live keys move money; test keys (`vgk_test_…`) render locally for free (docs/api.md#test-mode). */
export interface KeyMode {
  livemode: boolean;
  /** The member who issued it from the dashboard: removing them from the organization may revoke it. */
  createdById?: string;
  /** The project it goes into: a live project of the same organization; absent, the default project. */
  projectId?: string | null;
}

/** Live (not revoked) keys an account may hold at once. */
export const MAX_LIVE_API_KEYS = 20;

export class ApiKeyNotFoundError extends ApiError {
  constructor() {
    super("resource_not_found", "This key does not exist or is already revoked.");
    this.name = "ApiKeyNotFoundError";
  }
}

export class TooManyApiKeysError extends ApiError {
  constructor() {
    super("too_many_api_keys", `An account can hold at most ${MAX_LIVE_API_KEYS} live keys. Revoke one you no longer use first.`);
    this.name = "TooManyApiKeysError";
  }
}

/** An account's keys, newest first, without their hashes. */
export function listApiKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      allowedModels: true,
      readOnly: true,
      expiresAt: true,
      monthlySpendCapMicros: true,
      allowedSources: true,
      livemode: true,
      project: { select: { id: true, name: true } },
    },
  });
}

/**
 * Locks the account row for a key issue and refuses a suspended account. Every key is created
 * behind this lock (dashboard, rotation, ops CLI), so a suspension can never race a new key in.
 */
async function lockAccountForKeys(tx: Tx, accountId: string) {
  const [row] = await tx.$queryRaw<{ status: string; kind: string; email_verified: boolean }[]>`
    SELECT status::text AS status, kind::text AS kind, email_verified_at IS NOT NULL AS email_verified
      FROM accounts WHERE id = ${accountId} FOR UPDATE`;
  if (!row) throw new Error(`no account ${accountId}`);
  if (row.status === "suspended")
    throw new ApiError("account_suspended", "A suspended account cannot create API keys. Contact support.");
  return { emailVerified: row.email_verified, organization: row.kind === "organization" };
}

/**
 * Whether a live key may be issued: a person account needs its own verified address; an
 * organization has none, so the member issuing the key must have verified theirs.
 */
async function verifiedForLiveKey(tx: Tx, account: { emailVerified: boolean; organization: boolean }, issuerId?: string) {
  if (!account.organization) return account.emailVerified;
  if (!issuerId) return false;
  const issuer = await tx.account.findUnique({ where: { id: issuerId }, select: { emailVerifiedAt: true } });
  return issuer?.emailVerifiedAt != null;
}

/** Creates the key row (restrictions already checked); the full key is returned once and only its hash is stored. */
async function insertKey(
  tx: Tx,
  accountId: string,
  name: string,
  restrictions: KeyRestrictionColumns | undefined,
  mode: KeyMode,
) {
  const kind = mode.livemode ? API_KEY_PREFIX : TEST_API_KEY_PREFIX;
  const key = `${kind}${randomBase58(40)}`;
  // Checked under the account lock the caller holds: a project of this organization, not archived.
  const projectId = await resolveProjectId(tx, accountId, mode.projectId);
  const record = await tx.apiKey.create({
    data: {
      id: newId("key"),
      accountId,
      projectId,
      name,
      prefix: key.slice(0, kind.length + DISPLAY_RANDOM_LENGTH),
      hash: hashApiKey(key),
      livemode: mode.livemode,
      createdById: mode.createdById ?? null,
      ...restrictions,
    },
  });
  return { key, record };
}

/** Issues a key as an operator (ops CLI, test setup) or at sign-up: any active account, verified or not. */
export async function issueApiKey(
  db: Db,
  accountId: string,
  name = "Default key",
  restrictions?: KeyRestrictionColumns,
  mode: KeyMode = { livemode: true },
) {
  return db.$transaction(async (tx) => {
    await lockAccountForKeys(tx, accountId);
    return insertKey(tx, accountId, name, restrictions, mode);
  });
}

/**
 * Issues a named key from the dashboard: the account must be active and hold fewer than the
 * maximum of live keys; a live key also needs a verified email (a test key moves no money, so a
 * new account can try the API at once). Restrictions come checked (restrict-api-key.ts).
 */
export async function issueNamedApiKey(
  db: Db,
  accountId: string,
  name: string,
  restrictions?: KeyRestrictionColumns,
  mode: KeyMode = { livemode: true },
  actor?: MemberActor,
) {
  return db.$transaction(async (tx) => {
    // The account row lock also serializes concurrent issues, so the count-then-create cannot overshoot the cap.
    const account = await lockAccountForKeys(tx, accountId);
    if (mode.livemode && !(await verifiedForLiveKey(tx, account, mode.createdById))) {
      throw new ApiError(
        "email_not_verified",
        "Verify your email address before issuing an API key: open the link we sent, or send a new one from the banner above.",
      );
    }
    const live = await tx.apiKey.count({ where: { accountId, revokedAt: null } });
    if (live >= MAX_LIVE_API_KEYS) throw new TooManyApiKeysError();
    const issued = await insertKey(tx, accountId, name, restrictions, mode);
    await noticeOfNewKey(tx, issued.record);
    if (actor) await auditKey(tx, actor, "key.created", issued.record);
    return issued;
  });
}

/** The security notice of a key just created (`replaces`: the prefix of the key it rotated out). */
function noticeOfNewKey(
  tx: Tx,
  key: { accountId: string; name: string; prefix: string; livemode: boolean; createdAt: Date },
  replaces?: string,
) {
  return notifyOwner(tx, key.accountId, (locale) =>
    apiKeyCreatedMail({ name: key.name, prefix: key.prefix, livemode: key.livemode, at: key.createdAt, replaces }, locale),
  );
}

/** The customer audit row of a key change; the key's name and prefix say which one it was. */
function auditKey(
  tx: Tx,
  actor: MemberActor,
  action: "key.created" | "key.revoked" | "key.rotated",
  key: { id: string; accountId: string; name: string; prefix: string },
  details: Record<string, unknown> = {},
) {
  return writeMemberAuditRow(tx, actor, {
    accountId: key.accountId,
    action,
    targetId: key.id,
    details: { name: key.name, prefix: key.prefix, ...details },
  });
}

/** Revokes one live key of one account; the API refuses it from the next request on. `actor`: the member, from the dashboard. */
export async function revokeApiKey(db: Db, accountId: Id<"acct">, keyId: string, actor?: MemberActor) {
  await db.$transaction(async (tx) => {
    const at = new Date();
    const key = await tx.apiKey.findFirst({
      where: { id: keyId, accountId, revokedAt: null },
      select: { name: true, prefix: true },
    });
    const res = await tx.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: at } });
    if (!key || res.count === 0) throw new ApiKeyNotFoundError();
    if (actor) await auditKey(tx, actor, "key.revoked", { id: keyId, accountId, ...key });
    await notifyOwner(tx, accountId, (locale) =>
      apiKeyRevokedMail({ name: key.name, prefix: key.prefix, at, bySupport: false }, locale),
    );
  });
}

/**
 * Rotation: a new key with the same name and restrictions, and the old one revoked, in one transaction, so a
 * concurrent revoke or rotate of the same key can never leave two successors.
 *
 * `expiresAt` replaces the expiry (null: never expires); left out, the old expiry is kept, unless it
 * has passed: a successor born expired would be refused on its first request, so the owner is asked
 * for a new one instead.
 */
export async function rotateApiKey(
  db: Db,
  accountId: string,
  keyId: string,
  options: { expiresAt?: Date | null; actor?: MemberActor } = {},
  now = new Date(),
) {
  if (options.expiresAt && options.expiresAt <= now)
    throw new ApiError(
      "invalid_parameter",
      "The new expiry must be in the future (UTC); clear it for a key that never expires.",
      "expiresAt",
    );
  return db.$transaction(async (tx) => {
    await lockAccountForKeys(tx, accountId);
    const old = await tx.apiKey.findFirst({ where: { id: keyId, accountId, revokedAt: null } });
    if (!old) throw new ApiKeyNotFoundError();
    const expiresAt = options.expiresAt !== undefined ? options.expiresAt : old.expiresAt;
    if (expiresAt && expiresAt <= now) {
      throw new ApiError(
        "invalid_parameter",
        `This key expired at ${formatTimestamp(expiresAt)}: choose a new expiry for its successor, or none.`,
        "expiresAt",
      );
    }
    const res = await tx.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: now } });
    if (res.count === 0) throw new ApiKeyNotFoundError();
    const { allowedModels, readOnly, monthlySpendCapMicros, allowedSources, livemode, projectId } = old;
    const restrictions = { allowedModels, readOnly, expiresAt, monthlySpendCapMicros, allowedSources };
    const issued = await insertKey(tx, accountId, old.name, restrictions, { livemode, projectId });
    await noticeOfNewKey(tx, issued.record, old.prefix);
    if (options.actor) await auditKey(tx, options.actor, "key.rotated", issued.record, { replaces: old.id });
    return issued;
  });
}
