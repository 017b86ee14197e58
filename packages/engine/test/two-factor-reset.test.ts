// Support's two-factor reset: what it clears, the sessions it ends, its audit row and the owner's
// email (one transaction), and who may do it.
import { describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { createAccount } from "../src/accounts/index";
import { createSession } from "../src/auth/index";
import { getAccountOverview, listAuditLog, resetTwoFactorAsStaff } from "../src/support/index";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const tag = () => Math.random().toString(36).slice(2, 10);

describe.skipIf(!testDatabaseUrl)("support resets two-factor sign-in", () => {
  const db = useTestDb(2);

  /** An owner with two-factor on since `since`, three recovery codes (one used) and two live sessions. */
  async function ownerWithTwoFactor(since: Date, locale = "en") {
    const t = tag();
    const owner = await createAccount(db(), { email: `two-factor-${t}@example.test` });
    await db().account.update({
      where: { id: owner.id },
      data: { totpSecret: "sealed-secret", totpEnabledAt: since, totpLastStep: 123, locale },
    });
    await db().recoveryCode.createMany({
      data: [0, 1, 2].map((i) => ({ id: newId("rco"), accountId: owner.id, hash: `h${i}-${t}`, usedAt: i === 0 ? since : null })),
    });
    const sessions = [await createSession(db(), owner.id), await createSession(db(), owner.id)];
    const staff = await createAccount(db(), { email: `staff-2fa-${t}@example.test`, role: "support" });
    return { owner, staff, sessions };
  }

  it("shows the status, then clears the secret, flag and codes, signs out every session, audits and emails the owner", async () => {
    const since = new Date(Date.UTC(2026, 9, 1, 9, 30));
    const { owner, staff, sessions } = await ownerWithTwoFactor(since, "ru");
    expect((await getAccountOverview(db(), owner.id)).twoFactor).toEqual({
      enabled: true,
      enabledAt: since,
      recoveryCodesLeft: 2,
    });

    const done = await resetTwoFactorAsStaff(db(), {
      accountId: owner.id,
      actorId: staff.id,
      reason: "  Lost phone, ID checked  ",
    });
    expect(done).toEqual({ accountId: owner.id, recoveryCodesDeleted: 3, sessionsRevoked: 2 });

    const after = await db().account.findUniqueOrThrow({ where: { id: owner.id } });
    expect([after.totpSecret, after.totpEnabledAt, after.totpLastStep]).toEqual([null, null, null]);
    expect(await db().recoveryCode.count({ where: { accountId: owner.id } })).toBe(0);
    const ended = await db().authSession.findMany({ where: { id: { in: sessions } } });
    expect(ended.map((s) => s.revokedAt !== null)).toEqual([true, true]);
    expect((await getAccountOverview(db(), owner.id)).twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const log = await listAuditLog(db(), { accountId: owner.id });
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: "account.two_factor_reset", actorId: staff.id });
    expect(log.items[0]!.details).toMatchObject({ reason: "Lost phone, ID checked", wasEnabledAt: since.toISOString() });

    const mail = await db().outboundEmail.findMany({ where: { accountId: owner.id, kind: "two_factor_reset" } });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(owner.email);
    expect(mail[0]!.subject).toBe("Двухфакторный вход отключён поддержкой");

    // Nothing left to reset: refused, and nothing more audited or sent.
    await expect(resetTwoFactorAsStaff(db(), { accountId: owner.id, actorId: staff.id, reason: "again" })).rejects.toMatchObject({
      code: "state_conflict",
    });
    expect((await listAuditLog(db(), { accountId: owner.id })).items).toHaveLength(1);
    expect(await db().outboundEmail.count({ where: { accountId: owner.id, kind: "two_factor_reset" } })).toBe(1);
  });

  it("refuses a caller who is not staff, an empty reason and an unknown account, changing nothing", async () => {
    const { owner } = await ownerWithTwoFactor(new Date());
    const user = await createAccount(db(), { email: `not-staff-${tag()}@example.test` });
    await expect(
      resetTwoFactorAsStaff(db(), { accountId: owner.id, actorId: user.id, reason: "I am support" }),
    ).rejects.toMatchObject({
      code: "action_not_allowed",
    });
    const staff = await createAccount(db(), { email: `staff-${tag()}@example.test`, role: "admin" });
    await expect(resetTwoFactorAsStaff(db(), { accountId: owner.id, actorId: staff.id, reason: " " })).rejects.toMatchObject({
      code: "invalid_parameter",
    });
    await expect(
      resetTwoFactorAsStaff(db(), { accountId: "acct_missing", actorId: staff.id, reason: "lost" }),
    ).rejects.toMatchObject({
      code: "resource_not_found",
    });
    const still = await db().account.findUniqueOrThrow({ where: { id: owner.id } });
    expect(still.totpEnabledAt).not.toBeNull();
    expect(await db().recoveryCode.count({ where: { accountId: owner.id } })).toBe(3);
    expect(await db().authSession.count({ where: { accountId: owner.id, revokedAt: null } })).toBe(2);
    expect((await listAuditLog(db(), { accountId: owner.id })).total).toBe(0);
  });
});
