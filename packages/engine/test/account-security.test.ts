// Two-factor sign-in (TOTP and recovery codes), the session list, and account deletion with export.
import { mkdir, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const outputDir = path.join(os.tmpdir(), `vgen-account-security-${process.pid}`);
process.env.OUTPUT_DIR = outputDir;
// What the start command always sets (generated into DATA_DIR when not configured): the TOTP sealing key's source.
process.env.NEXTAUTH_SECRET ??= "account-security-test-secret";

const STRONG = "correct horse battery staple";
const tag = () => Math.random().toString(36).slice(2, 10);
const address = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe.skipIf(!testDatabaseUrl)("account security", () => {
  const db = useTestDb(6);

  async function account() {
    const { createAccount } = await import("../src/accounts/index");
    return createAccount(db(), { email: `sec-${tag()}@example.test`, password: STRONG });
  }

  async function signIn(email: string, code?: string, password = STRONG) {
    const { signInWithPassword } = await import("../src/auth/index");
    return signInWithPassword(db(), { email, password, code, address: address(), attemptsPerAddress: 10_000 });
  }

  /** A TOTP code for a time step other than the current one (the next step is within the accepted drift). */
  const codeAt = (secret: string, offsetSteps: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

  /** Enrolls two-factor sign-in the way the dashboard does; returns the secret and the recovery codes. */
  async function enrolled() {
    const auth = await import("../src/auth/index");
    const a = await account();
    const { secret, uri } = await auth.startTwoFactorEnrollment(db(), a.id);
    expect(uri).toMatch(/^otpauth:\/\/totp\/vgen:.*secret=/);
    const { recoveryCodes } = await auth.confirmTwoFactorEnrollment(db(), a.id, await generate({ secret }));
    return { account: a, secret, recoveryCodes };
  }

  it("enrollment: a wrong code keeps two-factor off; a right one turns it on with 10 recovery codes stored hashed", async () => {
    const auth = await import("../src/auth/index");
    const a = await account();
    const { secret } = await auth.startTwoFactorEnrollment(db(), a.id);
    const wrong = (Number(await generate({ secret })) + 1) % 1_000_000;
    await expect(auth.confirmTwoFactorEnrollment(db(), a.id, String(wrong).padStart(6, "0"))).rejects.toMatchObject({
      code: "invalid_two_factor_code",
    });
    expect(await signIn(a.email)).toMatchObject({ ok: true });

    const { recoveryCodes } = await auth.confirmTwoFactorEnrollment(db(), a.id, await generate({ secret }));
    expect(recoveryCodes).toHaveLength(auth.RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(auth.RECOVERY_CODE_COUNT);
    const stored = await db().recoveryCode.findMany({ where: { accountId: a.id } });
    expect(stored).toHaveLength(auth.RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    expect(await auth.twoFactorStatus(db(), a.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // A second enrollment cannot swap the secret while two-factor is on.
    await expect(auth.startTwoFactorEnrollment(db(), a.id)).rejects.toMatchObject({ code: "action_not_allowed" });
  });

  it("the password alone never signs in; a current code does, once: the same code (or an older one) is refused after", async () => {
    const { account: a, secret } = await enrolled();
    expect(await signIn(a.email)).toEqual({ ok: false, reason: "code_required" });
    expect(await signIn(a.email, "000000", "wrong password here")).toEqual({ ok: false, reason: "invalid" });

    // The enrollment used the current step; the next step's code (within the drift) is new.
    const next = await codeAt(secret, 1);
    expect(await signIn(a.email, next)).toMatchObject({ ok: true, account: { id: a.id } });
    expect(await signIn(a.email, next)).toEqual({ ok: false, reason: "code_invalid" });
    expect(await signIn(a.email, await codeAt(secret, 0))).toEqual({ ok: false, reason: "code_invalid" });
  });

  it("two requests racing with the same code: exactly one signs in", async () => {
    const { account: a, secret } = await enrolled();
    const next = await codeAt(secret, 1);
    const outcomes = await Promise.all([signIn(a.email, next), signIn(a.email, next), signIn(a.email, next)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
  });

  it("a recovery code signs in once, whatever its case and spacing; then it is used up", async () => {
    const auth = await import("../src/auth/index");
    const { account: a, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!;
    expect(await signIn(a.email, ` ${code.toUpperCase().replace("-", " ")} `)).toMatchObject({ ok: true });
    expect(await signIn(a.email, code)).toEqual({ ok: false, reason: "code_invalid" });
    expect(await signIn(a.email, recoveryCodes[4]!)).toMatchObject({ ok: true });
    expect((await auth.twoFactorStatus(db(), a.id)).recoveryCodesLeft).toBe(8);
  });

  it("wrong codes are rate limited per account: after the limit even the right code is refused", async () => {
    const auth = await import("../src/auth/index");
    const { account: a, secret } = await enrolled();
    for (let i = 0; i < auth.SECOND_FACTOR_ATTEMPTS; i++) {
      expect(await signIn(a.email, `abcde-${String(i).padStart(5, "x")}`)).toEqual({ ok: false, reason: "code_invalid" });
    }
    expect(await signIn(a.email, await codeAt(secret, 1))).toEqual({ ok: false, reason: "code_locked" });
  });

  it("the TOTP secret is stored sealed (AES-256-GCM), opens only for its account, and a tampered value fails closed", async () => {
    const { account: a, secret } = await enrolled();
    const stored = (await db().account.findUniqueOrThrow({ where: { id: a.id } })).totpSecret!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    const { openTotpSecret } = await import("../src/auth/totp-secret-box");
    expect(openTotpSecret(stored, a.id)).toEqual({ secret, plain: false });
    expect(openTotpSecret(stored, "acct_someone_else")).toBeNull();
    expect(await signIn(a.email, await codeAt(secret, 1))).toMatchObject({ ok: true });

    // One flipped bit of the ciphertext (past the IV): no code is accepted, not even a current one.
    const raw = Buffer.from(stored.slice(3), "base64url");
    raw[14] = raw[14]! ^ 1;
    await db().account.update({
      where: { id: a.id },
      data: { totpSecret: `v1:${raw.toString("base64url")}`, totpLastStep: null },
    });
    expect(await signIn(a.email, await generate({ secret }))).toEqual({ ok: false, reason: "code_invalid" });
    // Nor does the sealed value copied from another account.
    const other = await enrolled();
    const foreign = (await db().account.findUniqueOrThrow({ where: { id: other.account.id } })).totpSecret!;
    await db().account.update({ where: { id: a.id }, data: { totpSecret: foreign, totpLastStep: null } });
    expect(await signIn(a.email, await generate({ secret: other.secret }))).toEqual({ ok: false, reason: "code_invalid" });
  });

  it("a secret stored in the clear before sealing still verifies and is sealed on that use", async () => {
    const { account: a, secret } = await enrolled();
    await db().account.update({ where: { id: a.id }, data: { totpSecret: secret, totpLastStep: null } });
    expect(await signIn(a.email, await generate({ secret }))).toMatchObject({ ok: true });
    const stored = (await db().account.findUniqueOrThrow({ where: { id: a.id } })).totpSecret!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(await signIn(a.email, await codeAt(secret, 1))).toMatchObject({ ok: true });
  });

  it("turning two-factor off and replacing recovery codes need the password and a current code", async () => {
    const auth = await import("../src/auth/index");
    const { account: a, secret, recoveryCodes } = await enrolled();
    await expect(
      auth.regenerateRecoveryCodes(db(), { accountId: a.id, password: "not the password", code: await codeAt(secret, 1) }),
    ).rejects.toMatchObject({ code: "wrong_password" });
    await expect(auth.regenerateRecoveryCodes(db(), { accountId: a.id, password: STRONG, code: "123456" })).rejects.toMatchObject(
      {
        code: "invalid_two_factor_code",
      },
    );
    const fresh = await auth.regenerateRecoveryCodes(db(), { accountId: a.id, password: STRONG, code: await codeAt(secret, 1) });
    expect(fresh.recoveryCodes).toHaveLength(10);
    // The old codes no longer work; the new ones do.
    expect(await signIn(a.email, recoveryCodes[0]!)).toEqual({ ok: false, reason: "code_invalid" });

    await expect(auth.disableTwoFactor(db(), { accountId: a.id, password: STRONG, code: "" })).rejects.toMatchObject({
      code: "invalid_two_factor_code",
    });
    await auth.disableTwoFactor(db(), { accountId: a.id, password: STRONG, code: fresh.recoveryCodes[0]! });
    expect(await signIn(a.email)).toMatchObject({ ok: true });
    const row = await db().account.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.totpSecret).toBeNull();
    expect(await db().recoveryCode.count({ where: { accountId: a.id } })).toBe(0);
  });

  it("sessions: origin recorded, listed with this one marked, one revoked by its owner only, and 'everywhere else'", async () => {
    const auth = await import("../src/auth/index");
    const a = await account();
    const other = await account();
    const here = await auth.createSession(db(), a.id, {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
      ip: "198.51.100.4",
    });
    const phone = await auth.createSession(db(), a.id, { userAgent: "Mozilla/5.0 (iPhone) Safari/605.1", ip: "203.0.113.9" });
    const laptop = await auth.createSession(db(), a.id, { userAgent: null, ip: "unknown" });
    const list = await auth.listSessions(db(), a.id, here);
    expect(list.map((s) => s.id).sort()).toEqual([here, phone, laptop].sort());
    expect(list.find((s) => s.id === here)).toMatchObject({
      current: true,
      ip: "198.51.100.4",
      userAgent: expect.stringContaining("Chrome"),
    });
    expect(list.find((s) => s.id === laptop)).toMatchObject({ current: false, ip: null, userAgent: null });

    // Another account cannot revoke A's session by its id.
    expect(await auth.revokeOwnSession(db(), other.id, phone)).toBe(false);
    expect(await auth.resolveSession(db(), phone)).not.toBeNull();
    expect(await auth.revokeOwnSession(db(), a.id, phone)).toBe(true);
    expect(await auth.resolveSession(db(), phone)).toBeNull();

    expect(await auth.revokeAccountSessions(db(), a.id, here)).toBe(1);
    expect(await auth.resolveSession(db(), laptop)).toBeNull();
    expect(await auth.resolveSession(db(), here)).toMatchObject({ id: a.id });
    expect((await auth.listSessions(db(), a.id, here)).map((s) => s.id)).toEqual([here]);
  });

  it("last active is written at most every few minutes, not on every request", async () => {
    const auth = await import("../src/auth/index");
    const a = await account();
    const sid = await auth.createSession(db(), a.id);
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await db().authSession.update({ where: { id: sid }, data: { lastActiveAt: old } });
    await auth.resolveSession(db(), sid);
    const touched = (await db().authSession.findUniqueOrThrow({ where: { id: sid } })).lastActiveAt;
    expect(touched.getTime()).toBeGreaterThan(old.getTime());
    await auth.resolveSession(db(), sid);
    expect((await db().authSession.findUniqueOrThrow({ where: { id: sid } })).lastActiveAt).toEqual(touched);
  });

  /** An account with money moved, a key, a finished generation with its stored file, a webhook delivery and an invoice. */
  async function accountWithHistory() {
    const { issueApiKey } = await import("../src/accounts/index");
    const { creditAccount } = await import("../src/billing/index");
    const a = await account();
    await creditAccount(db(), { accountId: a.id, amountMicros: 5_000_000n, type: "top_up", reason: "test", actor: "test" });
    const { key } = await issueApiKey(db(), a.id, "CI key");
    const generationId = newId("vid");
    await db().generation.create({
      data: {
        id: generationId,
        accountId: a.id,
        modelId: "gen-3.1-fast",
        status: "completed",
        prompt: "my secret product launch",
        duration: 2,
        size: "720p",
        aspectRatio: "16:9",
        width: 1280,
        height: 720,
        firstFrameUrl: "https://example.test/me.jpg",
        webhookUrl: "https://example.test/hook",
        priceMicrosPerSecond: 50_000n,
        billedSeconds: 2,
        costMicros: 100_000n,
        queue: "standard",
        seed: 1,
        etaSecondsAtAccept: 5,
        outputs: [
          { index: 0, key: `${generationId}.mp4`, poster_key: `${generationId}.jpg`, delivered_ms: 2000, has_audio: false },
        ],
        completedAt: new Date(),
      },
    });
    await db().ledgerEntry.create({
      data: {
        id: newId("led"),
        accountId: a.id,
        type: "charge",
        amountMicros: -100_000n,
        balanceAfterMicros: 4_900_000n,
        generationId,
        reference: generationId,
      },
    });
    await db().webhookDelivery.create({
      data: {
        id: newId("whd"),
        accountId: a.id,
        generationId,
        url: "https://example.test/hook",
        eventType: "generation.completed",
        payload: { id: generationId, prompt: "my secret product launch" },
        status: "delivered",
      },
    });
    await db().invoice.create({
      data: {
        id: newId("inv"),
        accountId: a.id,
        kind: "top_up",
        amountMicros: 5_000_000n,
        number: `SEC-${tag()}`,
        status: "paid",
      },
    });
    await mkdir(outputDir, { recursive: true });
    const file = path.join(outputDir, `${generationId}.mp4`);
    await writeFile(file, "not really an mp4");
    const poster = path.join(outputDir, `${generationId}.jpg`);
    await writeFile(poster, "not really a jpeg");
    return { account: a, key, generationId, file, poster };
  }

  it("the export holds the profile, key metadata (never the key), generations with prompts, ledger, invoices and deliveries", async () => {
    const { exportAccountData } = await import("../src/accounts/index");
    const { account: a, key, generationId } = await accountWithHistory();
    const data = (await exportAccountData(db(), a.id)) as any;
    expect(data.profile).toMatchObject({ id: a.id, email: a.email, twoFactorEnabled: false, balanceMicros: 5_000_000 });
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: "CI key", prefix: expect.any(String) })]);
    expect(data.generations).toEqual([
      expect.objectContaining({ id: generationId, prompt: "my secret product launch", costMicros: 100_000 }),
    ]);
    expect(data.ledger.map((e: { type: string }) => e.type).sort()).toEqual(["charge", "top_up"]);
    expect(data.invoices).toHaveLength(1);
    expect(data.webhookDeliveries).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/passwordHash|totpSecret|"hash"/);
  });

  it("deletion: refused while a generation is processing; then personal data gone, ledger and invoices kept, keys and sign-in refused, audited", async () => {
    const { authenticateApiKey, deleteAccount, tombstoneEmail } = await import("../src/accounts/index");
    const auth = await import("../src/auth/index");
    const { account: a, key, generationId, file, poster } = await accountWithHistory();
    const sid = await auth.createSession(db(), a.id);
    const ledgerBefore = await db().ledgerEntry.aggregate({
      where: { accountId: a.id },
      _sum: { amountMicros: true },
      _count: true,
    });

    await expect(
      deleteAccount(db(), { accountId: a.id, password: STRONG, confirmation: "someone-else@example.test" }),
    ).rejects.toMatchObject({
      code: "invalid_parameter",
    });
    await expect(
      deleteAccount(db(), { accountId: a.id, password: "not the password", confirmation: a.email }),
    ).rejects.toMatchObject({
      code: "wrong_password",
    });
    await db().generation.update({ where: { id: generationId }, data: { status: "processing" } });
    await expect(deleteAccount(db(), { accountId: a.id, password: STRONG, confirmation: a.email })).rejects.toMatchObject({
      code: "generations_in_progress",
      status: 409,
    });
    await db().generation.update({ where: { id: generationId }, data: { status: "completed" } });
    expect(await authenticateApiKey(db(), key)).not.toBeNull();

    expect(await deleteAccount(db(), { accountId: a.id, password: STRONG, confirmation: ` ${a.email.toUpperCase()} ` })).toEqual({
      filesRemoved: 2,
    });

    const row = await db().account.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({ email: tombstoneEmail(a.id), name: null, passwordHash: null, totpSecret: null });
    expect(row.deletedAt).not.toBeNull();
    const gen = await db().generation.findUniqueOrThrow({ where: { id: generationId } });
    expect(gen).toMatchObject({
      prompt: "",
      firstFrameUrl: null,
      webhookUrl: null,
      outputs: [],
      costMicros: 100_000n,
    });
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    await expect(stat(poster)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await db().webhookDelivery.count({ where: { accountId: a.id } })).toBe(0);

    const ledgerAfter = await db().ledgerEntry.aggregate({
      where: { accountId: a.id },
      _sum: { amountMicros: true },
      _count: true,
    });
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect(await db().invoice.count({ where: { accountId: a.id } })).toBe(1);

    expect(await authenticateApiKey(db(), key)).toBeNull();
    expect(await auth.resolveSession(db(), sid)).toBeNull();
    expect(await signIn(a.email)).toEqual({ ok: false, reason: "invalid" });
    const audit = await db().auditLog.findFirstOrThrow({ where: { targetAccountId: a.id, action: "account.delete" } });
    expect(audit).toMatchObject({ actorId: a.id });
    // A deleted account holds nothing more to delete.
    await expect(deleteAccount(db(), { accountId: a.id, password: STRONG, confirmation: a.email })).rejects.toMatchObject({
      code: "action_not_allowed",
    });
  });

  it("deletion: refused while the person is an organization's only owner; then they leave it, audited, its keys kept", async () => {
    const { createAccount, deleteAccount, issueNamedApiKey, authenticateApiKey } = await import("../src/accounts/index");
    const auth = await import("../src/auth/index");
    const { createOrganization } = await import("../src/orgs/index");
    const owner = await createAccount(db(), { email: `sole-${tag()}@example.test`, password: STRONG, emailVerified: true });
    const other = await createAccount(db(), { email: `co-${tag()}@example.test`, password: STRONG, emailVerified: true });
    const sid = await auth.createSession(db(), owner.id);
    const org = await createOrganization(db(), { creatorId: owner.id, sessionId: sid, name: "Acme Deletion" });
    const { key } = await issueNamedApiKey(db(), org.id, "ci", undefined, { livemode: true, createdById: owner.id });
    await db().membership.create({ data: { accountId: org.id, memberId: other.id, role: "developer" } });

    await expect(deleteAccount(db(), { accountId: owner.id, password: STRONG, confirmation: owner.email })).rejects.toMatchObject(
      {
        code: "action_not_allowed",
        message: expect.stringContaining("only owner of Acme Deletion"),
      },
    );
    expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).deletedAt).toBeNull();

    await db().membership.update({
      where: { accountId_memberId: { accountId: org.id, memberId: other.id } },
      data: { role: "owner" },
    });
    await deleteAccount(db(), { accountId: owner.id, password: STRONG, confirmation: owner.email });
    expect(await db().membership.findMany({ where: { accountId: org.id }, select: { memberId: true } })).toEqual([
      { memberId: other.id },
    ]);
    const left = await db().auditLog.findFirstOrThrow({ where: { targetAccountId: org.id, action: "member.removed" } });
    expect(left).toMatchObject({ actorKind: "member", actorId: owner.id, targetId: owner.id, actorEmail: owner.email });
    expect(left.details).toMatchObject({ role: "owner", reason: "account_deleted" });
    // The organization's integration keeps working: the key is the organization's.
    expect(await authenticateApiKey(db(), key)).not.toBeNull();
  });

  it("deletion with two-factor on needs a current code as well", async () => {
    const { deleteAccount } = await import("../src/accounts/index");
    const { account: a, secret } = await enrolled();
    await expect(deleteAccount(db(), { accountId: a.id, password: STRONG, confirmation: a.email })).rejects.toMatchObject({
      code: "invalid_two_factor_code",
    });
    await deleteAccount(db(), { accountId: a.id, password: STRONG, code: await codeAt(secret, 1), confirmation: a.email });
    expect((await db().account.findUniqueOrThrow({ where: { id: a.id } })).deletedAt).not.toBeNull();
  });
});
