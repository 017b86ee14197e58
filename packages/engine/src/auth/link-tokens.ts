import { createHash } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import { newId, randomBase58, type AuthTokenKind, type Db, type Prisma } from "@vgen/db";
import { config } from "../platform/config";
import { logger } from "../observability/logger";

type Tx = Prisma.TransactionClient;

/** How long a link works after it is made. */
const LINK_LIFETIME_MS: Record<AuthTokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 3 * 24 * 60 * 60 * 1000,
};

const LINK_PATH: Record<AuthTokenKind, string> = {
  password_reset: "/reset-password",
  email_verification: "/verify-email",
};

export class InvalidLinkError extends ApiError {
  constructor(kind: AuthTokenKind) {
    super(
      "invalid_link",
      kind === "password_reset"
        ? "This reset link is invalid, already used or expired. Ask for a new one from the sign-in page."
        : "This verification link is invalid, already used or expired. Send a new one from the dashboard.",
    );
    this.name = "InvalidLinkError";
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new single-use link for the account; the database keeps only the token's hash. */
export async function issueLink(db: Db | Tx, accountId: string, kind: AuthTokenKind): Promise<string> {
  const token = randomBase58(43);
  await db.authToken.create({
    data: {
      id: newId("authToken"),
      accountId,
      kind,
      hash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[kind]),
    },
  });
  const url = new URL(LINK_PATH[kind], `${config().publicBaseUrl}/`);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Uses up a link token inside the caller's transaction and returns its account, or throws
 * InvalidLinkError. The conditional update makes it single-use even under concurrent clicks.
 */
export async function consumeLink(tx: Tx, token: string, kind: AuthTokenKind): Promise<string> {
  const row = await tx.authToken.findUnique({
    where: { hash: hashToken(token) },
    select: { id: true, accountId: true, kind: true },
  });
  if (!row || row.kind !== kind) throw new InvalidLinkError(kind);
  const used = await tx.authToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (used.count === 0) throw new InvalidLinkError(kind);
  return row.accountId;
}

/** The account a live link of this kind belongs to, without using it up (to show the reset form). */
export async function peekLink(db: Db, token: string, kind: AuthTokenKind) {
  const row = await db.authToken.findUnique({
    where: { hash: hashToken(token) },
    select: { kind: true, usedAt: true, expiresAt: true, account: { select: { id: true, email: true, name: true } } },
  });
  return row && row.kind === kind && row.usedAt === null && row.expiresAt > new Date() ? row.account : null;
}

/** Retires every unused link of this kind for the account (after a reset or a verification). */
export async function retireLinks(tx: Tx, accountId: string, kind: AuthTokenKind): Promise<void> {
  await tx.authToken.updateMany({ where: { accountId, kind, usedAt: null }, data: { usedAt: new Date() } });
}

/**
 * Hands a link to its owner. No mail transport is configured in this platform, so the link goes to
 * the server log (staff can also make a fresh one from the console): the embedded default stays
 * usable without a mail server.
 */
export function deliverLink(email: string, kind: AuthTokenKind, link: string): void {
  const what = kind === "password_reset" ? "password reset" : "email verification";
  logger.warn({ email, kind, link }, `${what} link for ${email} (no mail server configured): ${link}`);
}
