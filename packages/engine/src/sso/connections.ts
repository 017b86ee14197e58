import { ApiError } from "@vgen/contracts";
import type { Db, OrgRole } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { open, seal } from "./secret-box";

/** The authenticated data of a sealed client secret: it opens only on its own organization's row. */
const secretPurpose = (accountId: string) => `sso-client-secret:${accountId}`;

export interface ConnectionInput {
  accountId: string;
  actorId: string;
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret (the form never shows it back). */
  clientSecret: string;
  defaultRole: Exclude<OrgRole, "owner">;
  enforce: boolean;
}

/** The connection as the dashboard shows it: never the secret. */
export async function getConnection(db: Db, accountId: string) {
  const row = await db.ssoConnection.findUnique({ where: { accountId } });
  if (!row) return null;
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    defaultRole: row.defaultRole,
    enforce: row.enforce,
    updatedAt: row.updatedAt,
  };
}

/** Creates or replaces the organization's OIDC connection. */
export async function saveConnection(db: Db, input: ConnectionInput) {
  // Owners are made by an owner's hand only: a just-in-time member never starts as one.
  if ((input.defaultRole as OrgRole) === "owner")
    throw new ApiError("invalid_parameter", "The default role cannot be owner.", "defaultRole");
  await db.$transaction(async (tx) => {
    const existing = await tx.ssoConnection.findUnique({ where: { accountId: input.accountId }, select: { clientSecret: true } });
    if (!existing && !input.clientSecret) throw new ApiError("missing_parameter", "Enter the client secret.", "clientSecret");
    const clientSecret = input.clientSecret ? seal(input.clientSecret, secretPurpose(input.accountId)) : existing!.clientSecret;
    const data = {
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecret,
      defaultRole: input.defaultRole,
      enforce: input.enforce,
    };
    await tx.ssoConnection.upsert({
      where: { accountId: input.accountId },
      create: { accountId: input.accountId, ...data },
      update: data,
    });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "sso.connection_saved",
      targetAccountId: input.accountId,
      details: {
        issuer: input.issuer,
        clientId: input.clientId,
        defaultRole: input.defaultRole,
        enforce: input.enforce,
        secretChanged: Boolean(input.clientSecret),
      },
    });
  });
}

/** Removes the connection: its domains' members sign in with passwords again. */
export async function removeConnection(db: Db, input: { accountId: string; actorId: string }) {
  await db.$transaction(async (tx) => {
    const gone = await tx.ssoConnection.deleteMany({ where: { accountId: input.accountId } });
    if (gone.count === 0) return;
    await writeAuditRow(tx, { actorId: input.actorId, action: "sso.connection_removed", targetAccountId: input.accountId });
  });
}

/** The connection with its secret opened, for the sign-in flow only. */
export async function connectionWithSecret(db: Db, accountId: string) {
  const row = await db.ssoConnection.findUnique({ where: { accountId } });
  if (!row) return null;
  const clientSecret = open(row.clientSecret, secretPurpose(accountId));
  if (clientSecret === null) throw new Error(`SSO client secret of ${accountId} does not open (NEXTAUTH_SECRET changed?)`);
  return { ...row, clientSecret };
}

/**
 * The organization whose verified domain holds this email and that has an SSO connection, or null.
 * The sign-in page asks it to send the person to the IdP; password sign-in asks it for `enforce`.
 */
export async function ssoForEmail(db: Db, email: string): Promise<{ accountId: string; enforce: boolean } | null> {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const row = await db.orgDomain.findFirst({
    where: { domain, verifiedAt: { not: null }, account: { ssoConnection: { isNot: null }, deletedAt: null, status: "active" } },
    select: { accountId: true, account: { select: { ssoConnection: { select: { enforce: true } } } } },
  });
  if (!row) return null;
  return { accountId: row.accountId, enforce: row.account.ssoConnection?.enforce ?? false };
}
