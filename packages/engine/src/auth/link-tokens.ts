import { createHash } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import { newId, randomBase58, type AuthTokenKind as StoredTokenKind, type Db, type DbOrTx, type Tx } from "@vgen/db";

/** The emailed kinds; an SSO sign-in ticket (sso/) shares the table but is never a link. */
type AuthTokenKind = Exclude<StoredTokenKind, "sso_sign_in">;
import { env } from "@vgen/config";
import { asPerson } from "../mail";

/** How long a link works after it is made. */
const LINK_LIFETIME_MS: Record<AuthTokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 3 * 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
};

const LINK_PATH: Record<AuthTokenKind, string> = {
  password_reset: "/reset-password",
  email_verification: "/verify-email",
  email_change: "/confirm-email",
};

const INVALID_LINK_MESSAGE: Record<AuthTokenKind, string> = {
  password_reset: "This reset link is invalid, already used or expired. Ask for a new one from the sign-in page.",
  email_verification: "This verification link is invalid, already used or expired. Send a new one from the dashboard.",
  email_change:
    "This confirmation link is invalid, already used or expired. Ask for a new one in the dashboard's account settings.",
};

export class InvalidLinkError extends ApiError {
  constructor(kind: AuthTokenKind) {
    super("invalid_link", INVALID_LINK_MESSAGE[kind]);
    this.name = "InvalidLinkError";
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use link for the account; the database keeps only the token's hash. `newEmail` is
 * the address an email_change link moves the account to.
 */
export async function issueLink(db: DbOrTx, accountId: string, kind: AuthTokenKind, newEmail?: string): Promise<string> {
  const token = randomBase58(43);
  await db.authToken.create({
    data: {
      id: newId("atk"),
      accountId,
      kind,
      hash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[kind]),
      newEmail: newEmail ?? null,
    },
  });
  const url = new URL(LINK_PATH[kind], `${env().PUBLIC_BASE_URL}/`);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Uses up a link token inside the caller's transaction and returns its account (and, for an
 * email_change link, the new address), or throws InvalidLinkError. The conditional update makes it
 * single-use even under concurrent clicks.
 */
export async function consumeLink(
  tx: Tx,
  token: string,
  kind: AuthTokenKind,
): Promise<{ accountId: string; newEmail: string | null }> {
  const row = await tx.authToken.findUnique({
    where: { hash: hashToken(token) },
    select: { id: true, accountId: true, kind: true, newEmail: true },
  });
  if (!row || row.kind !== kind) throw new InvalidLinkError(kind);
  const used = await tx.authToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (used.count === 0) throw new InvalidLinkError(kind);
  return { accountId: row.accountId, newEmail: row.newEmail };
}

/** The account a live link of this kind belongs to, without using it up (to show the reset form). */
export async function peekLink(db: Db, token: string, kind: AuthTokenKind) {
  const row = await db.authToken.findUnique({
    where: { hash: hashToken(token) },
    select: {
      kind: true,
      usedAt: true,
      expiresAt: true,
      account: { select: { id: true, email: true, name: true, locale: true } },
    },
  });
  return row && row.kind === kind && row.usedAt === null && row.expiresAt > new Date() ? asPerson(row.account) : null;
}

/** Retires every unused link of this kind for the account (after a reset or a verification). */
export async function retireLinks(tx: Tx, accountId: string, kind: AuthTokenKind): Promise<void> {
  await tx.authToken.updateMany({ where: { accountId, kind, usedAt: null }, data: { usedAt: new Date() } });
}
