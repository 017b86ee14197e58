// Separate organizations: a person creates one (a tenant with no address of its own, owned through
// its membership, the session switched to it), mail about it reaches its owners, and a live key
// there needs the issuing member's verified address.
import { describe, expect, it } from "vitest";
import { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { createAccount, issueNamedApiKey } from "../src/accounts/index";
import { newWebhookSecret } from "../src/delivery/index";
import { createSession } from "../src/auth/index";
import { generationRefundedMail, notifyOwner, recipientsOf } from "../src/mail/index";
import {
  activeMembership,
  changeMemberRole,
  createOrganization,
  inviteMember,
  listOrganizations,
  acceptInvitation,
} from "../src/orgs/index";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

const refusalCode = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return (err as ApiError).code;
};

describe.skipIf(!testDatabaseUrl)("creating an organization", () => {
  const db = useTestDb(8);

  async function person(opts: { locale?: "en" | "ru"; verified?: boolean } = {}) {
    const p = await createAccount(db(), { email: unique("person"), locale: opts.locale, emailVerified: opts.verified });
    const sessionId = await createSession(db(), p.id);
    return { ...p, sessionId };
  }

  it("makes a separate tenant: no address, zero balance, the creator's language, its owner, audited, switched to", async () => {
    const creator = await person({ locale: "ru" });
    const org = await createOrganization(db(), { creatorId: creator.id, sessionId: creator.sessionId, name: "  Acme Video  " });
    expect(org.name).toBe("Acme Video");

    const row = await db().account.findUniqueOrThrow({ where: { id: org.id } });
    expect(row).toMatchObject({ kind: "organization", email: null, passwordHash: null, balanceMicros: 0n, locale: "ru" });
    expect(row.webhookSecret).toMatch(/^whsec_/);
    expect(row.webhookSecret).not.toBe((await db().account.findUniqueOrThrow({ where: { id: creator.id } })).webhookSecret);

    // The creator is its only member, an owner; the organization is not its own member.
    expect(await db().membership.findMany({ where: { accountId: org.id }, select: { memberId: true, role: true } })).toEqual([
      { memberId: creator.id, role: "owner" },
    ]);
    const audit = await db().auditLog.findMany({ where: { targetAccountId: org.id } });
    expect(audit).toEqual([
      expect.objectContaining({ actorId: creator.id, action: "organization.created", details: { name: "Acme Video" } }),
    ]);

    expect(await activeMembership(db(), creator.sessionId, creator.id)).toEqual({ accountId: org.id, role: "owner" });
    const listed = await listOrganizations(db(), creator.id);
    expect(listed.map((o) => [o.id, o.name, o.role, o.own])).toEqual([
      [creator.id, creator.email, "owner", true],
      [org.id, "Acme Video", "owner", false],
    ]);
  });

  it("refuses an empty or overlong name and leaves nothing behind", async () => {
    const creator = await person();
    expect(
      await refusalCode(createOrganization(db(), { creatorId: creator.id, sessionId: creator.sessionId, name: "   " })),
    ).toBe("invalid_parameter");
    expect(
      await refusalCode(createOrganization(db(), { creatorId: creator.id, sessionId: creator.sessionId, name: "x".repeat(81) })),
    ).toBe("invalid_parameter");
    expect(await db().membership.count({ where: { memberId: creator.id } })).toBe(1);
  });

  it("the database refuses an organization with a password or without a name, and a person without an address", async () => {
    const base = { webhookSecret: newWebhookSecret() };
    await expect(
      db().account.create({ data: { ...base, id: newId("acct"), kind: "organization", name: "Pw", passwordHash: "x" } }),
    ).rejects.toThrow(/accounts_kind_login_check/);
    await expect(db().account.create({ data: { ...base, id: newId("acct"), kind: "organization" } })).rejects.toThrow(
      /accounts_kind_login_check/,
    );
    await expect(db().account.create({ data: { ...base, id: newId("acct"), kind: "person" } })).rejects.toThrow(
      /accounts_kind_login_check/,
    );
  });

  it("mails about an organization go to each owner in their own language, not to admins, and respect each owner's muting", async () => {
    const creator = await person({ locale: "ru" });
    const org = await createOrganization(db(), { creatorId: creator.id, sessionId: creator.sessionId, name: "Two Owners" });
    const second = await person({ locale: "en" });
    const admin = await person();
    for (const [member, role] of [
      [second, "owner"],
      [admin, "admin"],
    ] as const) {
      await inviteMember(db(), { accountId: org.id, inviter: { id: creator.id, role: "owner" }, email: member.email, role });
      const mail = await db().outboundEmail.findFirstOrThrow({ where: { to: member.email, kind: "org_invitation" } });
      const token = /\/invitations\/([1-9A-HJ-NP-Za-km-z]+)/.exec(mail.text)?.[1] ?? "";
      await acceptInvitation(db(), { token, memberId: member.id });
    }

    const recipients = await recipientsOf(db(), org.id);
    expect(recipients.map((r) => [r.personId, r.email, r.locale])).toEqual([
      [creator.id, creator.email, "ru"],
      [second.id, second.email, "en"],
    ]);
    // A person account is its own (only) recipient.
    expect((await recipientsOf(db(), admin.id)).map((r) => r.email)).toEqual([admin.email]);

    const notice = (locale: "en" | "ru") =>
      generationRefundedMail({ generationId: "gen_x", amountMicros: 1n, chargedMicros: 1n, reason: "test" }, locale);
    await db().$transaction((tx) => notifyOwner(tx, org.id, notice));
    const sent = await db().outboundEmail.findMany({
      where: { accountId: org.id, kind: "generation_refunded" },
      orderBy: { to: "asc" },
    });
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [creator.email, notice("ru").subject],
        [second.email, notice("en").subject],
      ].sort(),
    );

    // Demoted to admin: no longer told. An owner who muted this optional kind is skipped too.
    await changeMemberRole(db(), {
      accountId: org.id,
      actor: { id: creator.id, role: "owner" },
      memberId: second.id,
      role: "admin",
    });
    await db().account.update({ where: { id: creator.id }, data: { mutedNotifications: { set: ["generation_refunded"] } } });
    expect(await db().$transaction((tx) => notifyOwner(tx, org.id, notice))).toBeNull();
    expect(await db().outboundEmail.count({ where: { accountId: org.id, kind: "generation_refunded" } })).toBe(2);
  });

  it("a live key in an organization needs the issuing member's verified address; a test key does not", async () => {
    const unverified = await person({ verified: false });
    const org = await createOrganization(db(), { creatorId: unverified.id, sessionId: unverified.sessionId, name: "Keys" });
    expect(
      await refusalCode(issueNamedApiKey(db(), org.id, "live", undefined, { livemode: true, createdById: unverified.id })),
    ).toBe("email_not_verified");
    const test = await issueNamedApiKey(db(), org.id, "test", undefined, { livemode: false, createdById: unverified.id });
    expect(test.record.accountId).toBe(org.id);

    await db().account.update({ where: { id: unverified.id }, data: { emailVerifiedAt: new Date() } });
    const live = await issueNamedApiKey(db(), org.id, "live", undefined, { livemode: true, createdById: unverified.id });
    expect(live.record).toMatchObject({ accountId: org.id, livemode: true, createdById: unverified.id });
    // The key-created notice went to the owner, the organization having no address.
    expect(await db().outboundEmail.count({ where: { accountId: org.id, kind: "api_key_created", to: unverified.email } })).toBe(
      2,
    );
  });
});
