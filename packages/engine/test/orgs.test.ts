// Organizations: invitations (accept, expiry, revocation, someone without an account, another
// address), at least one owner under concurrency, and what removing a member takes away.
import { describe, expect, it } from "vitest";
import { ApiError } from "@vgen/contracts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { createAccount, issueApiKey } from "../src/accounts/index";
import { createSession } from "../src/auth/index";
import {
  acceptInvitation,
  activeMembership,
  changeMemberRole,
  inviteMember,
  listMembers,
  previewInvitation,
  removeMember,
  revokeInvitation,
  switchOrganization,
  transferOwnership,
} from "../src/orgs/index";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return (err as ApiError).code;
};

describe.skipIf(!testDatabaseUrl)("organizations", () => {
  const db = useTestDb(8);

  /** The invitation email's link token, as the invitee reads it. */
  async function emailedInvitation(to: string) {
    const mail = await db().outboundEmail.findFirstOrThrow({
      where: { to, kind: "org_invitation" },
      orderBy: { createdAt: "desc" },
    });
    const token = /\/invitations\/([1-9A-HJ-NP-Za-km-z]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no link in ${mail.text}`);
    return { mail, token };
  }

  async function orgWithOwner(locale: "en" | "ru" = "en") {
    const owner = await createAccount(db(), { email: unique("owner"), name: "Acme", locale });
    return owner;
  }

  it("invites by email: the link works once, for that address only, and adds the member with the role", async () => {
    const owner = await orgWithOwner();
    const invitee = await createAccount(db(), { email: unique("dev"), locale: "ru" });
    const stranger = await createAccount(db(), { email: unique("stranger") });
    const invitation = await inviteMember(db(), {
      accountId: owner.id,
      inviter: { id: owner.id, role: "owner" },
      email: invitee.email.toUpperCase(),
      role: "developer",
    });
    expect(invitation).not.toHaveProperty("token");
    const { mail, token } = await emailedInvitation(invitee.email);
    // The invitee has an account in Russian: the email is in Russian.
    expect(mail.subject).toContain("Приглашение");
    expect(await db().orgInvitation.count({ where: { tokenHash: token } })).toBe(0);
    expect(await previewInvitation(db(), token)).toMatchObject({ organization: "Acme", role: "developer", email: invitee.email });

    expect(await refusal(acceptInvitation(db(), { token, memberId: stranger.id }))).toBe("action_not_allowed");
    expect(await acceptInvitation(db(), { token, memberId: invitee.id })).toEqual({ accountId: owner.id, role: "developer" });
    expect(await refusal(acceptInvitation(db(), { token, memberId: invitee.id }))).toBe("invalid_link");
    expect(await previewInvitation(db(), token)).toBeNull();
    const members = await listMembers(db(), owner.id);
    expect(members.map((m) => [m.id, m.role])).toEqual([
      [owner.id, "owner"],
      [invitee.id, "developer"],
    ]);
    expect(
      await refusal(
        inviteMember(db(), {
          accountId: owner.id,
          inviter: { id: owner.id, role: "owner" },
          email: invitee.email,
          role: "viewer",
        }),
      ),
    ).toBe("state_conflict");
  });

  it("works for someone without an account: in the inviter's language, accepted after sign-up", async () => {
    const owner = await orgWithOwner("ru");
    const email = unique("newcomer");
    await inviteMember(db(), { accountId: owner.id, inviter: { id: owner.id, role: "owner" }, email, role: "billing" });
    const { mail, token } = await emailedInvitation(email);
    expect(mail.subject).toContain("Приглашение");
    const newcomer = await createAccount(db(), { email, password: "a long and unusual passphrase 42" });
    expect(await acceptInvitation(db(), { token, memberId: newcomer.id })).toEqual({ accountId: owner.id, role: "billing" });
  });

  it("refuses an expired or revoked invitation", async () => {
    const owner = await orgWithOwner();
    const invitee = await createAccount(db(), { email: unique("late") });
    const expired = await inviteMember(db(), {
      accountId: owner.id,
      inviter: { id: owner.id, role: "owner" },
      email: invitee.email,
      role: "viewer",
    });
    const { token: expiredToken } = await emailedInvitation(invitee.email);
    await db().orgInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await previewInvitation(db(), expiredToken)).toBeNull();
    expect(await refusal(acceptInvitation(db(), { token: expiredToken, memberId: invitee.id }))).toBe("invalid_link");

    const revoked = await inviteMember(db(), {
      accountId: owner.id,
      inviter: { id: owner.id, role: "owner" },
      email: invitee.email,
      role: "viewer",
    });
    const { token: revokedToken } = await emailedInvitation(invitee.email);
    const other = await orgWithOwner();
    expect(await refusal(revokeInvitation(db(), other.id, revoked.id, { id: other.id }))).toBe("resource_not_found");
    await revokeInvitation(db(), owner.id, revoked.id, { id: owner.id });
    expect(await refusal(acceptInvitation(db(), { token: revokedToken, memberId: invitee.id }))).toBe("invalid_link");
    expect(await db().membership.count({ where: { accountId: owner.id, memberId: invitee.id } })).toBe(0);
  });

  it("only an owner hands out the owner role", async () => {
    const owner = await orgWithOwner();
    const admin = await createAccount(db(), { email: unique("admin") });
    await db().membership.create({ data: { accountId: owner.id, memberId: admin.id, role: "admin" } });
    const asAdmin = { id: admin.id, role: "admin" as const };
    expect(await refusal(inviteMember(db(), { accountId: owner.id, inviter: asAdmin, email: unique("x"), role: "owner" }))).toBe(
      "role_not_allowed",
    );
    expect(
      await refusal(changeMemberRole(db(), { accountId: owner.id, actor: asAdmin, memberId: admin.id, role: "owner" })),
    ).toBe("role_not_allowed");
    expect(
      await refusal(changeMemberRole(db(), { accountId: owner.id, actor: asAdmin, memberId: owner.id, role: "viewer" })),
    ).toBe("role_not_allowed");
  });

  it("keeps at least one owner, also when two owners demote each other at once", async () => {
    const owner = await orgWithOwner();
    expect(
      await refusal(
        changeMemberRole(db(), {
          accountId: owner.id,
          actor: { id: owner.id, role: "owner" },
          memberId: owner.id,
          role: "admin",
        }),
      ),
    ).toBe("action_not_allowed");
    const second = await createAccount(db(), { email: unique("second") });
    await db().membership.create({ data: { accountId: owner.id, memberId: second.id, role: "owner" } });
    const results = await Promise.allSettled([
      changeMemberRole(db(), {
        accountId: owner.id,
        actor: { id: owner.id, role: "owner" },
        memberId: second.id,
        role: "viewer",
      }),
      changeMemberRole(db(), {
        accountId: owner.id,
        actor: { id: second.id, role: "owner" },
        memberId: owner.id,
        role: "viewer",
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().membership.count({ where: { accountId: owner.id, role: "owner" } })).toBe(1);
  });

  it("transfers ownership: the new owner owns, the giver becomes an admin", async () => {
    const owner = await orgWithOwner();
    const heir = await createAccount(db(), { email: unique("heir") });
    await db().membership.create({ data: { accountId: owner.id, memberId: heir.id, role: "developer" } });
    expect(await refusal(transferOwnership(db(), { accountId: owner.id, fromId: heir.id, toId: heir.id }))).toBe(
      "role_not_allowed",
    );
    await transferOwnership(db(), { accountId: owner.id, fromId: owner.id, toId: heir.id });
    const roles = Object.fromEntries((await listMembers(db(), owner.id)).map((m) => [m.id, m.role]));
    expect(roles).toEqual({ [owner.id]: "admin", [heir.id]: "owner" });
  });

  it("switches a session's organization, and removing the member sends it back to their own and revokes their keys if asked", async () => {
    const owner = await orgWithOwner();
    const dev = await createAccount(db(), { email: unique("leaver") });
    const sessionId = await createSession(db(), dev.id);
    expect(await refusal(switchOrganization(db(), { sessionId, memberId: dev.id, accountId: owner.id }))).toBe(
      "resource_not_found",
    );
    expect(await activeMembership(db(), sessionId, dev.id)).toEqual({ accountId: dev.id, role: "owner" });

    await db().membership.create({ data: { accountId: owner.id, memberId: dev.id, role: "developer" } });
    await switchOrganization(db(), { sessionId, memberId: dev.id, accountId: owner.id });
    expect(await activeMembership(db(), sessionId, dev.id)).toEqual({ accountId: owner.id, role: "developer" });

    const made = await issueApiKey(db(), owner.id, "dev's key", undefined, { livemode: true, createdById: dev.id });
    const ownersKey = await issueApiKey(db(), owner.id, "owner's key", undefined, { livemode: true, createdById: owner.id });
    const asOwner = { id: owner.id, role: "owner" as const };
    expect(await refusal(removeMember(db(), { accountId: owner.id, actor: asOwner, memberId: owner.id, keys: "keep" }))).toBe(
      "action_not_allowed",
    );
    expect(await removeMember(db(), { accountId: owner.id, actor: asOwner, memberId: dev.id, keys: "revoke" })).toEqual({
      revokedKeys: 1,
    });
    expect(await activeMembership(db(), sessionId, dev.id)).toEqual({ accountId: dev.id, role: "owner" });
    expect((await db().authSession.findUniqueOrThrow({ where: { id: sessionId } })).activeAccountId).toBeNull();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: made.record.id } })).revokedAt).not.toBeNull();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: ownersKey.record.id } })).revokedAt).toBeNull();

    // Kept keys stay live.
    await db().membership.create({ data: { accountId: owner.id, memberId: dev.id, role: "developer" } });
    const kept = await issueApiKey(db(), owner.id, "kept", undefined, { livemode: true, createdById: dev.id });
    await removeMember(db(), { accountId: owner.id, actor: asOwner, memberId: dev.id, keys: "keep" });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: kept.record.id } })).revokedAt).toBeNull();
  });
});
