// Sign-in security over HTTP against the running app: no open redirect, sign-out and resets revoke
// the session cookie, unknown emails cost what known ones do, reset links, the verification gate
// on dashboard keys, and bounded tRPC batches.
import { createAccount } from "@vgen/engine/accounts";
import { describe, expect, it } from "vitest";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";
import { BrowserSession } from "../support/browser-session";

const PASSWORD = "correct horse battery staple";

async function signedIn(opts: { role?: "support"; verified?: boolean } = {}) {
  const email = uniqueEmail("auth");
  const account = await createAccount(db(), { email, password: PASSWORD, role: opts.role, emailVerified: opts.verified ?? true });
  const session = new BrowserSession();
  const { error } = await session.signIn(email, PASSWORD);
  expect(error).toBeNull();
  return { account, email, session };
}

/** A staff member's console makes the link the owner would otherwise find in the server log. */
async function linkFromConsole(accountId: string, kind: "password_reset" | "email_verification"): Promise<string> {
  const { session: staff } = await signedIn({ role: "support" });
  const res = await staff.mutation("support.accountLink", { accountId, kind });
  expect(res.error).toBeNull();
  return res.data.link as string;
}

describe("sign-in redirects", () => {
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/.//evil.example",
  ])("callbackUrl %j lands on this site", async (callbackUrl) => {
    const { email } = await signedIn();
    const { url, error } = await new BrowserSession().signIn(email, PASSWORD, callbackUrl);
    expect(error).toBeNull();
    expect(new URL(url).origin).toBe(new URL(BASE_URL).origin);
  });

  it("a same-site callbackUrl is kept", async () => {
    const { email } = await signedIn();
    const { url } = await new BrowserSession().signIn(email, PASSWORD, "/dashboard/billing?tab=1");
    expect(url).toBe(`${new URL(BASE_URL).origin}/dashboard/billing?tab=1`);
  });
});

describe("sessions", () => {
  it("sign-out revokes the session: the old cookie is refused by tRPC, dashboard APIs and pages", async () => {
    const { session, email } = await signedIn();
    expect((await session.query("account.me")).data.email).toBe(email);
    const stolen = session.sessionCookie();
    expect(stolen).toBeTruthy();

    await session.signOut();
    const replay = new BrowserSession();
    replay.cookies.set("next-auth.session-token", stolen!);
    const me = await replay.query("account.me");
    expect(me.status).toBe(401);
    expect(me.error?.data).toMatchObject({ code: "UNAUTHORIZED", apiCode: "not_signed_in" });
    expect((await replay.fetch("/api/dashboard/ledger.csv")).status).toBe(401);
    const page = await replay.fetch("/dashboard/billing");
    expect(page.status).toBeGreaterThanOrEqual(300);
    expect(page.status).toBeLessThan(400);
    expect(page.headers.get("location")).toMatch(/\/signin\?callbackUrl=/);
  });

  it("sign-in costs the same for known and unknown emails (medians of interleaved attempts)", async () => {
    const { email } = await signedIn();
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (address: string) => {
      const t = performance.now();
      const { error } = await new BrowserSession().signIn(address, "not the password at all");
      expect(error).toBe("CredentialsSignin");
      return performance.now() - t;
    };
    // Six of each stays under the per email+address lockout (10).
    for (let i = 0; i < 6; i++) {
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail("ghost")));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(known), median(unknown)];
    console.log(`sign-in medians: known ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms`);
    // Without the dummy KDF run an unknown email answers in a few ms against ~100+ ms: a generous
    // bound catches that and not the noise of a shared machine.
    expect(u / k).toBeGreaterThan(0.4);
    expect(u / k).toBeLessThan(2.5);
  });
});

describe("password reset", () => {
  it("asking answers the same for known and unknown emails", async () => {
    const { email, account } = await signedIn();
    const anon = new BrowserSession();
    const known = await anon.mutation("account.requestPasswordReset", { email });
    const unknown = await anon.mutation("account.requestPasswordReset", { email: uniqueEmail("ghost") });
    expect(known).toEqual(unknown);
    expect(known.data).toEqual({ requested: true });
    expect(await db().authToken.count({ where: { accountId: account.id, kind: "password_reset" } })).toBe(1);
  });

  it("a reset link sets a new password once and signs out every session", async () => {
    const { session, email, account } = await signedIn();
    const link = await linkFromConsole(account.id, "password_reset");
    const token = new URL(link).searchParams.get("token")!;
    const anon = new BrowserSession();

    const form = await anon.fetch(`/reset-password?token=${token}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Choose a new password");
    expect(await (await anon.fetch("/reset-password?token=nope")).text()).toContain("This link does not work");

    const weak = await anon.mutation("account.resetPassword", { token, password: "password123" });
    expect(weak.status).toBe(400);
    expect(weak.error?.data.apiCode).toBe("weak_password");

    const fresh = "a brand new long passphrase";
    expect((await anon.mutation("account.resetPassword", { token, password: fresh })).data).toEqual({ email });
    const again = await anon.mutation("account.resetPassword", { token, password: "another long passphrase" });
    expect(again.status).toBe(400);
    expect(again.error?.message).toMatch(/invalid, already used or expired/);
    expect(again.error?.data.apiCode).toBe("invalid_link");

    expect((await session.query("account.me")).status).toBe(401);
    expect((await new BrowserSession().signIn(email, PASSWORD)).error).toBe("CredentialsSignin");
    expect((await new BrowserSession().signIn(email, fresh)).error).toBeNull();
  });
});

describe("email verification", () => {
  it("the dashboard issues a first key only after the verification link is opened", async () => {
    const email = uniqueEmail("verify");
    const anon = new BrowserSession();
    const weak = await anon.mutation("account.signUp", { email, password: "aaaaaaaaaa" });
    expect(weak.error?.data.apiCode).toBe("weak_password");
    expect(weak.error?.message).toMatch(/easy to guess|Repeated/i);

    expect((await anon.mutation("account.signUp", { email, password: PASSWORD })).error).toBeNull();
    const session = new BrowserSession();
    expect((await session.signIn(email, PASSWORD)).error).toBeNull();
    expect((await session.query("account.me")).data.emailVerified).toBe(false);

    const refused = await session.mutation("apiKeys.create", { name: "first" });
    expect(refused.status).toBe(403);
    expect(refused.error?.data.apiCode).toBe("email_not_verified");
    expect(refused.error?.message).toMatch(/Verify your email/);

    const account = await db().account.findUniqueOrThrow({ where: { email } });
    expect((await session.mutation("account.resendVerification")).data).toEqual({ sent: true });
    const link = await linkFromConsole(account.id, "email_verification");
    const opened = await new BrowserSession().fetch(new URL(link).pathname + new URL(link).search);
    expect(await opened.text()).toContain("Email verified");

    expect((await session.query("account.me")).data.emailVerified).toBe(true);
    const issued = await session.mutation("apiKeys.create", { name: "first" });
    expect(issued.error).toBeNull();
    expect(issued.data.key).toMatch(/^vgk_/);
  });

  it("a suspended account is signed out, cannot sign in again, and gets no key", async () => {
    const { session, email, account } = await signedIn();
    await db().account.update({ where: { id: account.id }, data: { status: "suspended" } });
    expect((await session.mutation("apiKeys.create", { name: "late" })).status).toBe(401);
    expect((await new BrowserSession().signIn(email, PASSWORD)).error).toMatch(/suspended/);
    expect((await new BrowserSession().signIn(email, "wrong password here")).error).toBe("CredentialsSignin");
  });
});

describe("tRPC batches", () => {
  const batch = (session: BrowserSession, n: number) =>
    session.fetch(`/api/trpc/${Array.from({ length: n }, () => "account.me").join(",")}?batch=1`);

  it("answer up to 20 calls, and refuse a larger batch whole with a JSON error", async () => {
    const { session } = await signedIn();
    const ok = await batch(session, 20);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveLength(20);

    const refused = await batch(session, 200);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await refused.json()) as
      | { error: { json: { message: string; data: { code: string } } } }[]
      | { error: { json: { message: string; data: { code: string } } } };
    const error = Array.isArray(body) ? body[0]!.error : body.error;
    expect(error.json.data.code).toBe("BAD_REQUEST");
    expect(error.json.message).toMatch(/batch/i);
  });
});
