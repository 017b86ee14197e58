import { createHash } from "node:crypto";
import { ApiError, type Id } from "@vgen/contracts";
import { newId, randomBase58, type Db, type OrgRole } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { asPerson, mailLocale, orgInvitationMail, queueMail } from "../mail";
import { accountLabel } from "./label";
import { lockOrganization } from "./lock";

/** How long an invitation link works. */
const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const normalize = (email: string) => email.trim().toLowerCase();

const invalidInvitation = () =>
  new ApiError(
    "invalid_link",
    "This invitation is unknown, already used, revoked or expired. Ask the organization for a new one.",
  );

/**
 * Invites an address with a role: the email (in the invitee's language if they have an account, else
 * the inviter's) carries a token of which only the hash is kept. Only an owner may invite an owner.
 */
export async function inviteMember(
  db: Db,
  input: { accountId: string; inviter: { id: string; role: OrgRole; ip?: string | null }; email: string; role: OrgRole },
) {
  if (input.role === "owner" && input.inviter.role !== "owner")
    throw new ApiError("role_not_allowed", "Only an owner can invite another owner.");
  const email = normalize(input.email);
  const token = randomBase58(43);
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, input.accountId);
    const [org, inviter, invitee] = await Promise.all([
      tx.account.findUniqueOrThrow({ where: { id: input.accountId }, select: { id: true, name: true, email: true } }),
      tx.account.findUniqueOrThrow({ where: { id: input.inviter.id }, select: { name: true, email: true, locale: true } }),
      tx.account.findUnique({ where: { email }, select: { id: true, locale: true } }),
    ]);
    if (invitee && (await tx.membership.count({ where: { accountId: input.accountId, memberId: invitee.id } })) > 0)
      throw new ApiError("state_conflict", `${email} is already a member of this organization.`);
    const invitation = await tx.orgInvitation.create({
      data: {
        id: newId("oinv"),
        accountId: input.accountId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: input.inviter.id,
        expiresAt,
      },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    });
    const mail = orgInvitationMail(
      { organization: accountLabel(org), invitedBy: inviter.name ?? asPerson(inviter).email, role: input.role, token, expiresAt },
      mailLocale(invitee?.locale ?? inviter.locale),
    );
    await queueMail(tx, { accountId: input.accountId, to: email, ...mail });
    await writeMemberAuditRow(tx, input.inviter, {
      accountId: input.accountId,
      action: "member.invited",
      targetId: invitation.id,
      details: { email, role: input.role },
    });
    // The token is in the email only: whoever invites never sees the link.
    return { ...invitation, id: invitation.id as Id<"oinv"> };
  });
}

/** Invitations still waiting for an answer, newest first. */
export async function listInvitations(db: Db, accountId: string) {
  const rows = await db.orgInvitation.findMany({
    where: { accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((r) => ({ ...r, id: r.id as Id<"oinv"> }));
}

/** Revokes a waiting invitation of this organization: its link stops working. */
export async function revokeInvitation(db: Db, accountId: string, invitationId: string, actor: MemberActor) {
  await db.$transaction(async (tx) => {
    const res = await tx.orgInvitation.updateMany({
      where: { id: invitationId, accountId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (res.count === 0) throw new ApiError("resource_not_found", "No waiting invitation with this id in this organization.");
    const inv = await tx.orgInvitation.findUniqueOrThrow({ where: { id: invitationId }, select: { email: true, role: true } });
    await writeMemberAuditRow(tx, actor, {
      accountId,
      action: "invitation.revoked",
      targetId: invitationId,
      details: { email: inv.email, role: inv.role },
    });
  });
}

/** What the invitation page shows before accepting: the organization, the role and the invited address. */
export async function previewInvitation(db: Db, token: string) {
  const inv = await db.orgInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      account: { select: { id: true, name: true, email: true } },
    },
  });
  if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt <= new Date()) return null;
  return { organization: accountLabel(inv.account), role: inv.role, email: inv.email, expiresAt: inv.expiresAt };
}

/**
 * The signed-in person accepts: the invitation must be live and for their own address (someone
 * signed in with another address is refused), and it works once.
 */
export async function acceptInvitation(db: Db, input: { token: string; memberId: string }) {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; account_id: string; email: string; role: OrgRole }[]>`
      SELECT id, account_id, email, role::text AS role FROM org_invitations
       WHERE token_hash = ${hashToken(input.token)} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       FOR UPDATE`;
    const inv = rows[0];
    if (!inv) throw invalidInvitation();
    const member = asPerson(await tx.account.findUniqueOrThrow({ where: { id: input.memberId }, select: { email: true } }));
    if (normalize(member.email) !== inv.email)
      throw new ApiError(
        "action_not_allowed",
        `This invitation is for ${inv.email}. Sign in with that address (or sign up with it) to accept it.`,
      );
    await lockOrganization(tx, inv.account_id);
    const existing = await tx.membership.count({ where: { accountId: inv.account_id, memberId: input.memberId } });
    if (existing === 0)
      await tx.membership.create({ data: { accountId: inv.account_id, memberId: input.memberId, role: inv.role } });
    await tx.orgInvitation.update({ where: { id: inv.id }, data: { acceptedAt: new Date() } });
    return { accountId: inv.account_id as Id<"acct">, role: inv.role };
  });
}
