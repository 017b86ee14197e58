// Two-factor sign-in, the session list and account deletion over HTTP against the running app: the
// password alone never yields a session cookie, codes are single use, sessions are the owner's
// only, and a deleted account's keys and password stop working while its ledger stays.
import { generate } from "otplib";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { confirmTwoFactorEnrollment, startTwoFactorEnrollment } from "@vgen/engine/auth";
import { creditAccount } from "@vgen/engine/billing";
import { describe, expect, it } from "vitest";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";
import { BrowserSession } from "../support/browser-session";

const PASSWORD = "correct horse battery staple";
const nextStepCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function withTwoFactor() {
  const email = uniqueEmail("2fa");
  const account = await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
  const { secret } = await startTwoFactorEnrollment(db(), account.id);
  const { recoveryCodes } = await confirmTwoFactorEnrollment(db(), account.id, await generate({ secret }));
  return { account, email, secret, recoveryCodes };
}

describe("two-factor sign-in over HTTP", () => {
  it("the right password without a code, or with a wrong one, sets no session cookie", async () => {
    const { email } = await withTwoFactor();
    const session = new BrowserSession();
    expect((await session.signIn(email, PASSWORD)).error).toBe("two_factor_required");
    expect(session.sessionCookie()).toBeUndefined();
    expect((await session.query("account.me")).status).toBe(401);

    const wrong = await session.signIn(email, PASSWORD, "/dashboard", "123456");
    // The refusal's reason; the sign-in form words it in the reader's language.
    expect(wrong.error).toBe("code_invalid");
    expect(session.sessionCookie()).toBeUndefined();
    // A code with the wrong password is no sign-in either.
    expect((await session.signIn(email, "wrong password here", "/dashboard", "123456")).error).toBe("CredentialsSignin");
    expect(session.sessionCookie()).toBeUndefined();
  });

  it("password and a current code sign in once; the same code is refused on a second sign-in", async () => {
    const { email, secret } = await withTwoFactor();
    const code = await nextStepCode(secret);
    const first = new BrowserSession({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 e2e" });
    expect((await first.signIn(email, PASSWORD, "/dashboard", code)).error).toBeNull();
    expect((await first.query("account.me")).data.email).toBe(email);

    const replay = new BrowserSession();
    expect((await replay.signIn(email, PASSWORD, "/dashboard", code)).error).toBe("code_invalid");
    expect(replay.sessionCookie()).toBeUndefined();

    const sessions = await first.query("security.sessions");
    expect(sessions.data).toEqual([
      expect.objectContaining({ current: true, userAgent: expect.stringContaining("Chrome/140.0 e2e"), ip: expect.any(String) }),
    ]);
  });

  it("a recovery code signs in once", async () => {
    const { email, recoveryCodes } = await withTwoFactor();
    const s = new BrowserSession();
    expect((await s.signIn(email, PASSWORD, "/dashboard", recoveryCodes[0])).error).toBeNull();
    expect((await s.query("security.twoFactorStatus")).data).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    expect((await new BrowserSession().signIn(email, PASSWORD, "/dashboard", recoveryCodes[0])).error).toBe("code_invalid");
  });
});

describe("sessions over HTTP", () => {
  it("the owner signs one session out and every other; another account's session id is not found", async () => {
    const email = uniqueEmail("sessions");
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    const [here, phone, laptop] = [new BrowserSession(), new BrowserSession(), new BrowserSession()];
    for (const s of [here, phone, laptop]) expect((await s.signIn(email, PASSWORD)).error).toBeNull();
    const list = (await here.query("security.sessions")).data as { id: string; current: boolean }[];
    expect(list).toHaveLength(3);
    const phoneId = (await phone.query("security.sessions")).data.find((s: { current: boolean }) => s.current).id;

    const stranger = new BrowserSession();
    const strangerEmail = uniqueEmail("stranger");
    await createAccount(db(), { email: strangerEmail, password: PASSWORD, emailVerified: true });
    await stranger.signIn(strangerEmail, PASSWORD);
    const refused = await stranger.mutation("security.revokeSession", { sessionId: phoneId });
    expect(refused.error?.data).toMatchObject({ httpStatus: 404, apiCode: "resource_not_found" });
    expect((await phone.query("account.me")).status).toBe(200);

    expect((await here.mutation("security.revokeSession", { sessionId: phoneId })).data).toEqual({ revoked: true });
    expect((await phone.query("account.me")).status).toBe(401);
    expect((await here.mutation("security.revokeOtherSessions")).data).toEqual({ revoked: 1 });
    expect((await laptop.query("account.me")).status).toBe(401);
    expect((await here.query("account.me")).status).toBe(200);
  });
});

describe("account export and deletion over HTTP", () => {
  it("export, then deletion: refused while processing, then keys and sign-in refused, ledger kept", async () => {
    const email = uniqueEmail("delete");
    const account = await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    await creditAccount(db(), { accountId: account.id, amountMicros: 2_000_000n, type: "top_up", reason: "test", actor: "test" });
    const { key } = await issueApiKey(db(), account.id, "to be revoked");
    const session = new BrowserSession();
    await session.signIn(email, PASSWORD);

    const exported = await session.fetch("/api/dashboard/account-export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="vgen-account-.*\.json"/);
    const data = (await exported.json()) as any;
    expect(data.profile.email).toBe(email);
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: "to be revoked" })]);
    expect(JSON.stringify(data)).not.toContain(key);
    expect(data.ledger).toHaveLength(1);
    // Signed out: the catalog's error envelope, like every dashboard route (withSession).
    const anonymous = await new BrowserSession().fetch("/api/dashboard/account-export");
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as any).error).toMatchObject({
      code: "not_signed_in",
      type: "authentication_error",
      request_id: anonymous.headers.get("x-request-id"),
    });

    const created = await fetch(`${BASE_URL}/api/v1/videos/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gen-3.1-fast", prompt: "a private prompt", duration: 1, size: "720p", stream: false }),
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    // Once it has finished, it is marked processing again, so the check cannot race the renderer.
    let finished = "processing";
    for (let i = 0; i < 150 && finished === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      finished = (await db().generation.findUniqueOrThrow({ where: { id } })).status;
    }
    expect(finished).not.toBe("processing");
    await db().generation.update({ where: { id }, data: { status: "processing" } });
    const refused = await session.mutation("security.deleteAccount", { password: PASSWORD, confirmation: email });
    expect(refused.error?.data).toMatchObject({ httpStatus: 409, apiCode: "generations_in_progress" });
    await db().generation.update({ where: { id }, data: { status: finished as "completed" } });
    const ledgerBefore = await db().ledgerEntry.aggregate({
      where: { accountId: account.id },
      _sum: { amountMicros: true },
      _count: true,
    });

    const wrongTyping = await session.mutation("security.deleteAccount", { password: PASSWORD, confirmation: "not my email" });
    expect(wrongTyping.error?.data).toMatchObject({ httpStatus: 400, apiCode: "invalid_parameter" });
    const deleted = await session.mutation("security.deleteAccount", { password: PASSWORD, confirmation: email });
    expect(deleted.error).toBeNull();

    expect((await session.query("account.me")).status).toBe(401);
    const withKey = await fetch(`${BASE_URL}/api/v1/videos/generations?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    expect(withKey.status).toBe(401);
    expect((await new BrowserSession().signIn(email, PASSWORD)).error).toBe("CredentialsSignin");
    const ledgerAfter = await db().ledgerEntry.aggregate({
      where: { accountId: account.id },
      _sum: { amountMicros: true },
      _count: true,
    });
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect((await db().generation.findUniqueOrThrow({ where: { id } })).prompt).toBe("");
  });
});
