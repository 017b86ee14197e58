import { newId, type Db, type Prisma, type Role } from "@vgen/db";

/** How long a browser session lasts from sign-in, whatever its use. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

type Tx = Prisma.TransactionClient;

export interface SessionAccount {
  id: string;
  email: string;
  role: Role;
}

/** Opens a session for a signed-in account; the session cookie carries the returned id. */
export async function createSession(db: Db, accountId: string): Promise<string> {
  const session = await db.authSession.create({
    data: { id: newId("session"), accountId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  return session.id;
}

/**
 * The account behind a live session, or null when the session was revoked (sign-out, password
 * reset, suspension), has expired, or its account is gone or suspended. One primary-key lookup
 * joined to the account: cheap enough for every authenticated request.
 */
export async function resolveSession(db: Db, sessionId: string): Promise<SessionAccount | null> {
  const rows = await db.$queryRaw<SessionAccount[]>`
    SELECT a.id, a.email, a.role::text AS role
      FROM auth_sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > now() AND a.status = 'active'`;
  return rows[0] ?? null;
}

/** Sign-out: the session's cookie is refused from the next request on, even with a valid signature. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Signs the account out everywhere, optionally keeping the session that asked for it. */
export async function revokeAccountSessions(db: Db | Tx, accountId: string, keep?: string): Promise<number> {
  const res = await db.authSession.updateMany({
    where: { accountId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
  return res.count;
}
