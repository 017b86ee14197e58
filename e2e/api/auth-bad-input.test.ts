// Sign-in never answers 500 to bad input: a `callbackUrl` that is neither a path nor an http(s) URL,
// in the query or in next-auth's callback-URL cookie (which anyone able to set a cookie for the
// site could plant), gets next-auth's usual answer with a path on this site, and a later sign-in
// works. next-auth refused every action (even /api/auth/csrf) with 500 while such a cookie was set.
import { createAccount } from "@vgen/engine/accounts";
import { describe, expect, it } from "vitest";
import { BrowserSession } from "../support/browser-session";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";

const PASSWORD = "correct horse battery staple";
const BAD_CALLBACKS = ["foo", "javascript:alert(1)", "//evil.example/x", "http://evil.example/x", "%zz", ":"];

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${BASE_URL}${path}`, { headers, redirect: "manual" });
}

/** Where a redirect goes, resolved against the app. */
function locationOf(res: Response): URL | null {
  const location = res.headers.get("location");
  return location ? new URL(location, BASE_URL) : null;
}

describe("next-auth with bad callback URLs", () => {
  it("answers every action with a bad callbackUrl in the query without a 500, redirecting only within the site", async () => {
    const paths = [
      "/api/auth/signin",
      "/api/auth/signout",
      "/api/auth/session",
      "/api/auth/csrf",
      "/api/auth/providers",
      "/api/auth/signin/credentials",
      "/api/auth/callback/credentials",
      "/api/auth/error",
    ];
    const wrong: string[] = [];
    for (const path of paths) {
      for (const value of BAD_CALLBACKS) {
        const res = await get(`${path}?callbackUrl=${encodeURIComponent(value)}`);
        const location = locationOf(res);
        if (res.status >= 500) wrong.push(`${path} ${value}: ${res.status}`);
        else if (location && location.origin !== new URL(BASE_URL).origin) wrong.push(`${path} ${value}: to ${location}`);
        else {
          const next = location?.searchParams.get("callbackUrl");
          if (next && new URL(next, BASE_URL).origin !== new URL(BASE_URL).origin)
            wrong.push(`${path} ${value}: callbackUrl ${next}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The sign-in action itself still goes to the sign-in page, carrying a path on this site.
    const signin = await get(`/api/auth/signin?callbackUrl=foo`);
    expect(signin.status).toBe(302);
    expect(locationOf(signin)?.pathname).toBe("/signin");
    expect(locationOf(signin)?.searchParams.get("callbackUrl")).toBe(`${BASE_URL}/foo`);
  });

  for (const cookie of ["next-auth.callback-url", "__Secure-next-auth.callback-url"]) {
    it(`a bad ${cookie} cookie neither breaks /api/auth/csrf nor blocks signing in, and is written anew`, async () => {
      const email = uniqueEmail("callback-cookie");
      await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
      for (const value of BAD_CALLBACKS) {
        const session = new BrowserSession();
        session.cookies.set(cookie, encodeURIComponent(value));
        const csrf = await session.fetch("/api/auth/csrf");
        expect(csrf.status, value).toBe(200);
        expect(((await csrf.json()) as { csrfToken: string }).csrfToken).toMatch(/\w{20,}/);
        const signedIn = await session.signIn(email, PASSWORD);
        expect(signedIn.error, value).toBeNull();
        expect(new URL(signedIn.url).origin).toBe(new URL(BASE_URL).origin);
        expect(session.sessionCookie(), value).toBeTruthy();
        expect((await session.query("account.me")).status).toBe(200);
        // next-auth replaced the bad value with a URL on this site (http: the plain cookie name).
        const rewritten = session.cookies.get("next-auth.callback-url");
        if (rewritten) expect(new URL(decodeURIComponent(rewritten)).origin).toBe(new URL(BASE_URL).origin);
      }
    });
  }

  it("a bad callbackUrl in the credentials POST signs in and lands on the site", async () => {
    const email = uniqueEmail("callback-body");
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    for (const value of BAD_CALLBACKS) {
      const session = new BrowserSession();
      const signedIn = await session.signIn(email, PASSWORD, value);
      expect(signedIn.error, value).toBeNull();
      expect(new URL(signedIn.url).origin, value).toBe(new URL(BASE_URL).origin);
    }
  });
});
