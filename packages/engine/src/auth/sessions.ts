import type { Id } from "@vgen/contracts";
import { newId, type Db, type Role, type DbOrTx } from "@vgen/db";
import { newSignInMail, notifyOwner } from "../mail";
import { isNewDevice, NEW_DEVICE_WINDOW_DAYS } from "./new-device";

/** How long a browser session lasts from sign-in, whatever its use. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** "Last active" is refreshed at most this often: one write per session per interval, not per request. */
const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 400;

export interface SessionAccount {
  id: Id<"acct">;
  email: string;
  role: Role;
}

/** Where a session was opened from, shown in the owner's session list. */
export interface SessionOrigin {
  userAgent?: string | null | undefined;
  ip?: string | null | undefined;
}

/**
 * Opens a session for a signed-in account; the session cookie carries the returned id. A sign-in
 * from a new device (new-device.ts) queues the security notice in the same transaction.
 */
export async function createSession(db: Db, accountId: string, origin: SessionOrigin = {}): Promise<string> {
  const userAgent = origin.userAgent?.slice(0, USER_AGENT_MAX) || null;
  const ip = origin.ip && origin.ip !== "unknown" ? origin.ip : null;
  return db.$transaction(async (tx) => {
    // The account row lock serializes two sign-ins at once, so one new device is one notice.
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
    const now = new Date();
    const notify = await isNewDevice(tx, accountId, { userAgent, ip }, now);
    const session = await tx.authSession.create({
      data: {
        id: newId("ses"),
        accountId,
        createdAt: now,
        lastActiveAt: now,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
        userAgent,
        ip,
      },
    });
    if (notify)
      await notifyOwner(tx, accountId, (locale, owner) =>
        newSignInMail({ email: owner.email, at: now, userAgent, ip, windowDays: NEW_DEVICE_WINDOW_DAYS }, locale),
      );
    return session.id;
  });
}

/**
 * The account behind a live session, or null when the session was revoked (sign-out, password
 * reset, suspension), has expired, or its account is gone, deleted or suspended. One primary-key
 * lookup joined to the account: cheap enough for every authenticated request. Its last activity is
 * written only when the stored one is older than a few minutes.
 */
export async function resolveSession(db: Db, sessionId: string): Promise<SessionAccount | null> {
  const rows = await db.$queryRaw<(SessionAccount & { last_active_at: Date })[]>`
    SELECT a.id, a.email, a.role::text AS role, s.last_active_at
      FROM auth_sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > now() AND a.status = 'active' AND a.deleted_at IS NULL`;
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.last_active_at.getTime() > LAST_ACTIVE_RESOLUTION_MS) {
    await db.authSession.update({ where: { id: sessionId }, data: { lastActiveAt: new Date() } });
  }
  return { id: row.id, email: row.email, role: row.role };
}

/** Sign-out: the session's cookie is refused from the next request on, even with a valid signature. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Signs the account out everywhere, optionally keeping the session that asked for it. */
export async function revokeAccountSessions(db: DbOrTx, accountId: string, keep?: string): Promise<number> {
  const res = await db.authSession.updateMany({
    where: { accountId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
  return res.count;
}

/** The owner's live sessions, most recently active first; `current` marks the one asking. */
export async function listSessions(db: Db, accountId: string, currentSessionId: string) {
  const rows = await db.authSession.findMany({
    where: { accountId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ lastActiveAt: "desc" }, { id: "desc" }],
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastActiveAt: true },
  });
  return rows.map((r) => ({ ...r, current: r.id === currentSessionId }));
}

/** The owner signs one of their sessions out; another account's session id changes nothing. */
export async function revokeOwnSession(db: Db, accountId: string, sessionId: string): Promise<boolean> {
  const res = await db.authSession.updateMany({
    where: { id: sessionId, accountId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return res.count === 1;
}
