// Sign-in, sessions, password strength, reset and verification links, and who may get API keys.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@vgen/contracts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

// Counts every run of the KDF, so "costs the same" is asserted as "runs the KDF the same number of
// times" instead of with a stopwatch.
const kdf = vi.hoisted(() => ({ runs: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    kdf.runs++;
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

const tag = () => Math.random().toString(36).slice(2, 10);
const STRONG = "correct horse battery staple";

describe("password strength", () => {
  it("refuses repeated, common and personal passwords with weak_password, and accepts a passphrase", async () => {
    const { assertStrongPassword } = await import("../src/auth/passwords");
    const who = { email: "ada.lovelace@example.test", name: "Ada Lovelace" };
    for (const weak of ["aaaaaaaaaa", "password123", "qwertyuiop1", "ada.lovelace@example.test", "adalovelace1815", "short"]) {
      let err: unknown;
      try {
        assertStrongPassword(weak, who);
      } catch (e) {
        err = e;
      }
      expect(err, weak).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe("weak_password");
      expect((err as ApiError).message.length).toBeGreaterThan(20);
    }
    expect(() => assertStrongPassword(STRONG, who)).not.toThrow();
    expect(() => assertStrongPassword("V3ry-l0ng-s3cret!", who)).not.toThrow();
  });

  it("a dummy hash matches no password", async () => {
    const { DUMMY_PASSWORD_HASH, verifyPassword } = await import("../src/auth/passwords");
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword(STRONG, DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe.skipIf(!testDatabaseUrl)("sign-in, sessions and links", () => {
  const db = useTestDb(8);
  const warnings: string[] = [];
  afterEach(() => {
    warnings.length = 0;
  });

  /** The links of the emails the engine printed (no SMTP_URL is configured). */
  async function captureLinks() {
    const { logger } = await import("../src/platform/logger");
    const spy = vi.spyOn(logger, "warn").mockImplementation(((obj: unknown) => {
      const link = /https?:\/\/\S+\?token=\S+/.exec((obj as { text?: string })?.text ?? "")?.[0];
      if (link) warnings.push(link);
    }) as typeof logger.warn);
    return () => spy.mockRestore();
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  async function account(opts: { password?: string | null; status?: "suspended"; role?: "support"; verified?: boolean } = {}) {
    const { createAccount } = await import("../src/accounts/index");
    const email = `auth-${tag()}@example.test`;
    const a = await createAccount(db(), {
      email,
      password: opts.password === null ? undefined : (opts.password ?? STRONG),
      role: opts.role,
      emailVerified: opts.verified,
    });
    if (opts.status) await db().account.update({ where: { id: a.id }, data: { status: opts.status } });
    return a;
  }

  async function signIn(email: string, password: string, address = `10.0.0.${Math.floor(Math.random() * 250)}`) {
    const { signInWithPassword } = await import("../src/auth/index");
    return signInWithPassword(db(), { email, password, address, attemptsPerAddress: 10_000 });
  }

  /** KDF runs during one sign-in attempt. */
  async function kdfRuns(email: string, password: string, address?: string) {
    const before = kdf.runs;
    const outcome = await signIn(email, password, address);
    return { runs: kdf.runs - before, outcome };
  }

  it("runs the KDF exactly once per attempt whether the email is known, unknown, password-less or suspended", async () => {
    const known = await account();
    const oauthOnly = await account({ password: null });
    const suspended = await account({ status: "suspended" });

    const attempts = {
      "known, wrong password": await kdfRuns(known.email, "wrong password here"),
      "known, right password": await kdfRuns(known.email, STRONG),
      "unknown email": await kdfRuns(`nobody-${tag()}@example.test`, "wrong password here"),
      "account without a password": await kdfRuns(oauthOnly.email, "wrong password here"),
      "suspended, wrong password": await kdfRuns(suspended.email, "wrong password here"),
      "suspended, right password": await kdfRuns(suspended.email, STRONG),
    };
    for (const [name, a] of Object.entries(attempts)) expect(a.runs, name).toBe(1);
    expect(attempts["known, right password"].outcome).toMatchObject({ ok: true, account: { id: known.id } });
    for (const name of [
      "known, wrong password",
      "unknown email",
      "account without a password",
      "suspended, wrong password",
    ] as const) {
      expect(attempts[name].outcome, name).toEqual({ ok: false, reason: "invalid" });
    }
    // Suspension is told only to someone who knows the password.
    expect(attempts["suspended, right password"].outcome).toEqual({ ok: false, reason: "suspended" });
  });

  it("locks one email from one address only; a locked attempt costs the same (no KDF) for known and unknown emails", async () => {
    const { SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS } = await import("../src/auth/index");
    const owner = await account();
    const unknown = `nobody-${tag()}@example.test`;
    const attacker = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS; i++) {
      expect((await signIn(owner.email, `guess-${i}`, attacker)).ok).toBe(false);
      expect((await signIn(unknown, `guess-${i}`, attacker)).ok).toBe(false);
    }
    const lockedKnown = await kdfRuns(owner.email, STRONG, attacker);
    const lockedUnknown = await kdfRuns(unknown, STRONG, attacker);
    expect(lockedKnown.outcome).toEqual({ ok: false, reason: "locked" });
    expect(lockedUnknown.outcome).toEqual({ ok: false, reason: "locked" });
    expect(lockedKnown.runs).toBe(lockedUnknown.runs);

    // The owner, from their own address, is not locked out by the attacker's guesses.
    expect(await signIn(owner.email, STRONG, "198.51.100.7")).toMatchObject({ ok: true });
  });

  it("a reset link: hashed at rest, single use, expires, refuses a weak password, lifts the lockout and revokes every session", async () => {
    const {
      createSession,
      requestPasswordReset,
      resetPassword,
      resolveSession,
      SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS,
      InvalidLinkError,
    } = await import("../src/auth/index");
    const restore = await captureLinks();
    try {
      const owner = await account();
      const sessions = [await createSession(db(), owner.id), await createSession(db(), owner.id)];
      const home = `192.0.2.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS; i++) await signIn(owner.email, `forgot-${i}`, home);
      expect(await signIn(owner.email, STRONG, home)).toEqual({ ok: false, reason: "locked" });

      // Unknown emails get no link (and the caller answers the same either way).
      await requestPasswordReset(db(), `nobody-${tag()}@example.test`);
      expect(warnings).toHaveLength(0);

      await requestPasswordReset(db(), owner.email.toUpperCase());
      expect(warnings).toHaveLength(1);
      const token = tokenOf(warnings[0]!);
      expect(new URL(warnings[0]!).pathname).toBe("/reset-password");
      const rows = await db().authToken.findMany({ where: { accountId: owner.id, kind: "password_reset" } });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.hash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(rows)).not.toContain(token);

      // A weak password is refused and leaves the link usable.
      await expect(resetPassword(db(), token, "aaaaaaaaaa")).rejects.toMatchObject({ code: "weak_password" });
      const newPassword = "a brand new long passphrase";
      await expect(resetPassword(db(), token, newPassword)).resolves.toEqual({ email: owner.email });
      await expect(resetPassword(db(), token, "another new long passphrase")).rejects.toBeInstanceOf(InvalidLinkError);

      for (const sid of sessions) expect(await resolveSession(db(), sid)).toBeNull();
      expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).emailVerifiedAt).not.toBeNull();
      // The lockout on the owner's address is lifted; the old password no longer works.
      expect(await signIn(owner.email, STRONG, home)).toEqual({ ok: false, reason: "invalid" });
      expect(await signIn(owner.email, newPassword, home)).toMatchObject({ ok: true });

      // An expired link is refused.
      await requestPasswordReset(db(), owner.email);
      const late = tokenOf(warnings[1]!);
      await db().authToken.updateMany({
        where: { accountId: owner.id, usedAt: null },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      await expect(resetPassword(db(), late, "yet another long passphrase")).rejects.toBeInstanceOf(InvalidLinkError);
    } finally {
      restore();
    }
  });

  it("sessions: live until signed out or expired; suspension and a password change revoke them", async () => {
    const { changePassword, createSession, resolveSession, revokeSession, WrongPasswordError } = await import(
      "../src/auth/index"
    );
    const { issueAccountLinkAsStaff, setAccountStatus } = await import("../src/support/index");
    const owner = await account();
    const staff = await account({ role: "support" });

    const sid = await createSession(db(), owner.id);
    expect(await resolveSession(db(), sid)).toEqual({ id: owner.id, email: owner.email, role: "user" });
    await revokeSession(db(), sid);
    expect(await resolveSession(db(), sid)).toBeNull();
    expect(await resolveSession(db(), "ses_doesnotexist")).toBeNull();

    const expired = await createSession(db(), owner.id);
    await db().authSession.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await resolveSession(db(), expired)).toBeNull();

    // A password change keeps the session that made it and signs out the others.
    const [here, elsewhere] = [await createSession(db(), owner.id), await createSession(db(), owner.id)];
    await expect(
      changePassword(db(), {
        accountId: owner.id,
        sessionId: here,
        currentPassword: "not it at all",
        newPassword: "changed long passphrase",
      }),
    ).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(
      changePassword(db(), {
        accountId: owner.id,
        sessionId: here,
        currentPassword: "not it at all",
        newPassword: "changed long passphrase",
      }),
    ).rejects.toMatchObject({ code: "wrong_password", status: 400 });
    await expect(
      changePassword(db(), { accountId: owner.id, sessionId: here, currentPassword: STRONG, newPassword: "password123" }),
    ).rejects.toMatchObject({ code: "weak_password" });
    await changePassword(db(), {
      accountId: owner.id,
      sessionId: here,
      currentPassword: STRONG,
      newPassword: "changed long passphrase",
    });
    expect(await resolveSession(db(), here)).not.toBeNull();
    expect(await resolveSession(db(), elsewhere)).toBeNull();

    // Suspension signs the owner out everywhere.
    const more = [await createSession(db(), owner.id), await createSession(db(), owner.id)];
    await setAccountStatus(db(), { accountId: owner.id, status: "suspended", actorId: staff.id, reason: "Abuse report" });
    for (const s of [here, ...more]) expect(await resolveSession(db(), s)).toBeNull();
    expect(await db().authSession.count({ where: { accountId: owner.id, revokedAt: null } })).toBe(0);

    // Staff make links for customers only, audited.
    const { link } = await issueAccountLinkAsStaff(db(), { accountId: owner.id, kind: "password_reset", actorId: staff.id });
    expect(new URL(link).pathname).toBe("/reset-password");
    expect(
      await db().auditLog.count({ where: { targetAccountId: owner.id, action: "account.reset_link", actorId: staff.id } }),
    ).toBe(1);
    await expect(
      issueAccountLinkAsStaff(db(), { accountId: staff.id, kind: "password_reset", actorId: staff.id }),
    ).rejects.toThrow(/customer accounts only/);
    await expect(
      issueAccountLinkAsStaff(db(), { accountId: staff.id, kind: "password_reset", actorId: staff.id }),
    ).rejects.toMatchObject({ code: "action_not_allowed" });
  });

  it("password changes are limited per account: the eleventh attempt in the window is refused before the password is checked", async () => {
    const { changePassword, createSession } = await import("../src/auth/index");
    const owner = await account();
    const sessionId = await createSession(db(), owner.id);
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        await changePassword(db(), {
          accountId: owner.id,
          sessionId,
          currentPassword: "not it at all",
          newPassword: "changed long passphrase",
        }).then(
          () => "changed",
          (e: { code: string }) => e.code,
        ),
      );
    }
    expect(codes).toEqual([...Array(10).fill("wrong_password"), "too_many_attempts"]);
  });

  it("sign-up sends a verification link; the dashboard issues keys only once it is opened, the ops path any time", async () => {
    const { issueApiKey, issueNamedApiKey, signUp } = await import("../src/accounts/index");
    const { verifyEmail, InvalidLinkError } = await import("../src/auth/index");
    const restore = await captureLinks();
    try {
      await expect(signUp(db(), { email: `weak-${tag()}@example.test`, password: "password123" })).rejects.toMatchObject({
        code: "weak_password",
      });
      expect(warnings).toHaveLength(0);

      const email = `verify-${tag()}@example.test`;
      const { account: acct, testKey } = (await signUp(db(), { email, password: STRONG }))!;
      expect(acct.emailVerifiedAt).toBeNull();
      // A test key from the first moment, before verification (docs/api.md#test-mode).
      expect(testKey.key).toMatch(/^vgk_test_/);
      expect(testKey.record).toMatchObject({ livemode: false, prefix: testKey.key.slice(0, 17) });
      expect(warnings).toHaveLength(1);
      expect(new URL(warnings[0]!).pathname).toBe("/verify-email");
      // A second sign-up with the address opens no account and says nothing; the owner is told instead.
      expect(await signUp(db(), { email, password: STRONG })).toBeNull();
      expect(warnings).toHaveLength(1);
      const notice = await db().outboundEmail.findFirstOrThrow({ where: { accountId: acct.id, kind: "sign_up_attempt" } });
      expect(notice).toMatchObject({ to: email, subject: "Someone tried to sign up with your address" });
      expect(await db().account.count({ where: { email } })).toBe(1);

      const refused = await issueNamedApiKey(db(), acct.id, "first").catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe("email_not_verified");
      expect(await db().apiKey.count({ where: { accountId: acct.id, livemode: true } })).toBe(0);
      // More test keys need no verification either.
      await expect(issueNamedApiKey(db(), acct.id, "second test", undefined, { livemode: false })).resolves.toMatchObject({
        key: expect.stringMatching(/^vgk_test_/),
      });
      // The ops CLI path is not gated on verification.
      await expect(issueApiKey(db(), acct.id, "ops")).resolves.toMatchObject({ key: expect.stringMatching(/^vgk_/) });

      await expect(verifyEmail(db(), tokenOf(warnings[0]!))).resolves.toEqual({ email });
      await expect(verifyEmail(db(), tokenOf(warnings[0]!))).rejects.toBeInstanceOf(InvalidLinkError);
      await expect(verifyEmail(db(), tokenOf(warnings[0]!))).rejects.toMatchObject({ code: "invalid_link", status: 400 });
      await expect(issueNamedApiKey(db(), acct.id, "first")).resolves.toMatchObject({ record: { name: "first" } });
    } finally {
      restore();
    }
  });

  it("a suspended account cannot get a key by any path: dashboard, rotation or ops", async () => {
    const { issueApiKey, issueNamedApiKey, rotateApiKey } = await import("../src/accounts/index");
    const acct = await account({ verified: true });
    const { record } = await issueNamedApiKey(db(), acct.id, "before");
    await db().account.update({ where: { id: acct.id }, data: { status: "suspended" } });
    // One at a time: a rejection started before its expect would be reported as unhandled.
    for (const attempt of [
      () => issueNamedApiKey(db(), acct.id, "after"),
      () => issueApiKey(db(), acct.id, "ops"),
      () => rotateApiKey(db(), acct.id, record.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "account_suspended" });
    }
    expect(await db().apiKey.findMany({ where: { accountId: acct.id }, select: { id: true, revokedAt: true } })).toEqual([
      { id: record.id, revokedAt: null },
    ]);
  });
});
