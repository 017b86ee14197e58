import { ApiError, type Id } from "@vgen/contracts";
import type { Db, OrgRole, Tx } from "@vgen/db";
import { asPerson } from "../mail";
import { accountLabel } from "./label";
import { writeMemberAuditRow } from "../audit";
import { assertOwnerRemains, lockOrganization } from "./lock";

interface ActiveMembership {
  accountId: Id<"acct">;
  role: OrgRole;
}

const notAMember = () => new ApiError("resource_not_found", "You are not a member of this organization.");

/**
 * The organization a dashboard session acts for and the member's role in it: the session's chosen
 * organization while the person is still a member of it, else their own account (which they always own).
 */
export async function activeMembership(db: Db, sessionId: string, memberId: string): Promise<ActiveMembership> {
  const rows = await db.$queryRaw<{ account_id: string; role: OrgRole }[]>`
    SELECT account_id, role FROM (
      SELECT 0 AS pref, m.account_id, m.role::text AS role
        FROM auth_sessions s
        JOIN memberships m ON m.member_id = s.account_id AND m.account_id = COALESCE(s.active_account_id, s.account_id)
       WHERE s.id = ${sessionId} AND s.account_id = ${memberId}
      UNION ALL
      SELECT 1, m.account_id, m.role::text FROM memberships m WHERE m.account_id = ${memberId} AND m.member_id = ${memberId}
    ) chosen ORDER BY pref LIMIT 1`;
  const row = rows[0];
  // The trigger on accounts makes every account its own owner; a missing row is a broken invariant.
  if (!row) throw new Error(`account ${memberId} has no membership of its own`);
  return { accountId: row.account_id as Id<"acct">, role: row.role };
}

/** The organizations a person belongs to, their own first, for the switcher. */
export async function listOrganizations(db: Db, memberId: string) {
  const rows = await db.membership.findMany({
    where: { memberId, account: { deletedAt: null, status: "active" } },
    select: { role: true, accountId: true, account: { select: { id: true, name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows
    .map((r) => ({
      id: r.accountId as Id<"acct">,
      name: accountLabel(r.account),
      role: r.role,
      own: r.accountId === memberId,
    }))
    .sort((a, b) => Number(b.own) - Number(a.own));
}

/** Points a session at another organization of the person's; their own account is the default (null). */
export async function switchOrganization(db: Db, input: { sessionId: string; memberId: string; accountId: string }) {
  const membership = await db.membership.findUnique({
    where: { accountId_memberId: { accountId: input.accountId, memberId: input.memberId } },
    select: { role: true },
  });
  if (!membership) throw notAMember();
  await db.authSession.updateMany({
    where: { id: input.sessionId, accountId: input.memberId },
    data: { activeAccountId: input.accountId === input.memberId ? null : input.accountId },
  });
}

/** The organization's members with their roles, owners first. */
export async function listMembers(db: Db, accountId: string) {
  const rows = await db.membership.findMany({
    where: { accountId },
    select: { role: true, createdAt: true, member: { select: { id: true, email: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    id: r.member.id as Id<"acct">,
    // Members are people (an organization is never a member), so each has an address.
    email: asPerson(r.member).email,
    name: r.member.name,
    role: r.role,
    since: r.createdAt,
  }));
}

interface MemberChange {
  accountId: string;
  /** Who asks, their role in the organization (an admin cannot grant, demote or remove an owner) and their address (audit log). */
  actor: { id: string; role: OrgRole; ip?: string | null };
  memberId: string;
}

/** Refuses what only an owner may do. */
function checkChange(change: MemberChange, currentRole: OrgRole, newRole?: OrgRole) {
  if (change.actor.role !== "owner" && (currentRole === "owner" || newRole === "owner"))
    throw new ApiError("role_not_allowed", "Only an owner can grant, change or remove the owner role.");
}

async function currentRole(tx: Tx, accountId: string, memberId: string) {
  const m = await tx.membership.findUnique({ where: { accountId_memberId: { accountId, memberId } }, select: { role: true } });
  if (!m) throw notAMember();
  return m.role;
}

/** Changes a member's role; the organization keeps at least one owner. */
export async function changeMemberRole(db: Db, change: MemberChange & { role: OrgRole }) {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, change.accountId);
    const from = await currentRole(tx, change.accountId, change.memberId);
    checkChange(change, from, change.role);
    await tx.membership.update({
      where: { accountId_memberId: { accountId: change.accountId, memberId: change.memberId } },
      data: { role: change.role },
    });
    await assertOwnerRemains(tx, change.accountId);
    await writeMemberAuditRow(tx, change.actor, {
      accountId: change.accountId,
      action: "member.role_changed",
      targetId: change.memberId,
      details: { from, to: change.role },
    });
  });
}

/**
 * Removes a member: their sessions acting for this organization fall back to their own account at
 * once, and the keys they issued here are kept or revoked as the owner chooses. The login that is
 * the account itself cannot be removed from it.
 */
export async function removeMember(db: Db, change: MemberChange & { keys: "keep" | "revoke" }) {
  if (change.memberId === change.accountId)
    throw new ApiError("action_not_allowed", "The account's own login stays a member of it; change its role instead.");
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, change.accountId);
    const role = await currentRole(tx, change.accountId, change.memberId);
    checkChange(change, role);
    await tx.membership.delete({ where: { accountId_memberId: { accountId: change.accountId, memberId: change.memberId } } });
    await assertOwnerRemains(tx, change.accountId);
    await tx.authSession.updateMany({
      where: { accountId: change.memberId, activeAccountId: change.accountId },
      data: { activeAccountId: null },
    });
    const revoked =
      change.keys === "revoke"
        ? await tx.apiKey.updateMany({
            where: { accountId: change.accountId, createdById: change.memberId, revokedAt: null },
            data: { revokedAt: new Date() },
          })
        : { count: 0 };
    await writeMemberAuditRow(tx, change.actor, {
      accountId: change.accountId,
      action: "member.removed",
      targetId: change.memberId,
      details: { role, keys: change.keys, revokedKeys: revoked.count },
    });
    return { revokedKeys: revoked.count };
  });
}

/** An owner hands ownership to another member, who becomes an owner while the giver becomes an admin. */
export async function transferOwnership(db: Db, input: { accountId: string; fromId: string; toId: string; ip?: string | null }) {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, input.accountId);
    if ((await currentRole(tx, input.accountId, input.fromId)) !== "owner")
      throw new ApiError("role_not_allowed", "Only an owner can transfer ownership.");
    await currentRole(tx, input.accountId, input.toId);
    await tx.membership.update({
      where: { accountId_memberId: { accountId: input.accountId, memberId: input.toId } },
      data: { role: "owner" },
    });
    if (input.fromId !== input.toId)
      await tx.membership.update({
        where: { accountId_memberId: { accountId: input.accountId, memberId: input.fromId } },
        data: { role: "admin" },
      });
    await assertOwnerRemains(tx, input.accountId);
    await writeMemberAuditRow(
      tx,
      { id: input.fromId, ip: input.ip },
      { accountId: input.accountId, action: "ownership.transferred", targetId: input.toId },
    );
  });
}
