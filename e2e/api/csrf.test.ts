// Cross-site request forgery (docs/api.md#cross-site-requests): every change authenticated by the
// session cookie is refused unless the browser says it comes from the app's own pages, whatever
// its content type. The matrix forges each tRPC mutation (walked from the router itself, so a new
// one is covered without a list to update) and the other cookie routes with an admin's live session
// cookie, then checks that nothing the account owns or its staff actions touch has changed.
import { createAccount } from "@vgen/engine/accounts";
import { describe, expect, it } from "vitest";
import { BrowserSession } from "../support/browser-session";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";
import { listProcedures } from "../support/trpc-procedures";

const PASSWORD = "correct horse battery staple";
const EVIL = "http://evil.example";

/** What a cross-site page can make a browser send: each with the victim's cookie. */
const FORGED_HEADERS: Record<string, Record<string, string>> = {
  "Origin evil, Sec-Fetch-Site cross-site": { origin: EVIL, "sec-fetch-site": "cross-site" },
  "Origin evil": { origin: EVIL },
  "Sec-Fetch-Site cross-site": { "sec-fetch-site": "cross-site" },
  "Sec-Fetch-Site same-site (a sibling subdomain)": { "sec-fetch-site": "same-site" },
  "Origin null (a sandboxed frame)": { origin: "null" },
  "same Origin, Sec-Fetch-Site cross-site": { origin: new URL(BASE_URL).origin, "sec-fetch-site": "cross-site" },
  "neither header": {},
};

/** Every body a page can send: forms and text/plain need no CORS preflight, JSON does. */
function bodies(input: unknown): Record<string, { contentType?: string; body: BodyInit }> {
  const json = JSON.stringify({ json: input });
  const multipart = new FormData();
  multipart.set("json", json);
  return {
    "application/x-www-form-urlencoded": {
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ json }).toString(),
    },
    "multipart/form-data": { body: multipart },
    "text/plain": { contentType: "text/plain", body: json },
    "application/json": { contentType: "application/json", body: json },
  };
}

async function adminSession() {
  const email = uniqueEmail("csrf");
  const account = await createAccount(db(), { email, password: PASSWORD, role: "admin", emailVerified: true });
  const session = new BrowserSession();
  expect((await session.signIn(email, PASSWORD)).error).toBeNull();
  // A second session, which `security.revokeOtherSessions` would end.
  expect((await new BrowserSession().signIn(email, PASSWORD)).error).toBeNull();
  return { account, session };
}

/** Everything a forged change could touch for this account, and every staff action it could take. */
async function stateOf(accountId: string) {
  const where = { where: { accountId } };
  const [account, sessions, keys, endpoints, subscriptions, balanceRequests, invoices, ledger, generations, mails, audit] =
    await Promise.all([
      db().account.findUniqueOrThrow({ where: { id: accountId } }),
      db().authSession.findMany({ ...where, select: { id: true, revokedAt: true }, orderBy: { id: "asc" } }),
      db().apiKey.findMany({ ...where, orderBy: { id: "asc" } }),
      db().webhookEndpoint.findMany({ ...where, orderBy: { id: "asc" } }),
      db().subscription.findMany({ ...where, orderBy: { modelId: "asc" } }),
      db().testBalanceRequest.count(where),
      db().invoice.count(where),
      db().ledgerEntry.count(where),
      db().generation.count(where),
      db().outboundEmail.count(where),
      db().auditLog.count({ where: { actorId: accountId } }),
    ]);
  return { account, sessions, keys, endpoints, subscriptions, balanceRequests, invoices, ledger, generations, mails, audit };
}

/** A request with the session's cookie and exactly the headers given (BrowserSession adds a same-origin Origin). */
function withCookie(session: BrowserSession, path: string, init: { headers: Record<string, string>; body: BodyInit }) {
  return fetch(`${BASE_URL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...init.headers, cookie: session.cookieHeader() },
    body: init.body,
  });
}

type Refusal = { status: number; code: string | undefined };

async function refusalOf(res: Response): Promise<Refusal> {
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
  return { status: res.status, code: body.error?.code };
}

describe("cross-site requests with the session cookie", () => {
  it("refuses every forged tRPC mutation, of every content type, and changes nothing", async () => {
    const { account, session } = await adminSession();
    const mutations = listProcedures().filter((p) => p.type === "mutation");
    expect(mutations.length).toBeGreaterThan(20);
    expect(mutations.map((m) => m.path)).toEqual(
      expect.arrayContaining(["webhooks.rotateSecret", "security.revokeOtherSessions", "apiKeys.create"]),
    );
    const before = await stateOf(account.id);

    const wrong: string[] = [];
    for (const { path } of mutations) {
      for (const [forgery, headers] of Object.entries(FORGED_HEADERS)) {
        for (const [type, { contentType, body }] of Object.entries(bodies({}))) {
          const res = await withCookie(session, `/api/trpc/${path}`, {
            headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}) },
            body,
          });
          const got = await refusalOf(res);
          if (got.status !== 403 || got.code !== "cross_site_request")
            wrong.push(`${path} ${forgery} ${type}: ${JSON.stringify(got)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await stateOf(account.id)).toEqual(before);

    // The same session, from the app's own page, still works (the browser suite covers the forms).
    expect((await session.query("account.me")).status).toBe(200);
    const revoked = await session.fetch("/api/trpc/security.revokeOtherSessions", {
      method: "POST",
      headers: { origin: new URL(BASE_URL).origin, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(revoked.status).toBe(200);
    const after = await db().authSession.count({ where: { accountId: account.id, revokedAt: null } });
    expect(after).toBe(1);
  });

  it("tRPC takes JSON only, even from the app's own origin", async () => {
    const { account, session } = await adminSession();
    const before = await stateOf(account.id);
    const sameOrigins: Record<string, string>[] = [{ origin: new URL(BASE_URL).origin }, { "sec-fetch-site": "same-origin" }];
    for (const sameOrigin of sameOrigins) {
      for (const [type, { contentType, body }] of Object.entries(bodies({}))) {
        if (type === "application/json") continue;
        const res = await withCookie(session, "/api/trpc/webhooks.rotateSecret", {
          headers: { ...sameOrigin, ...(contentType ? { "content-type": contentType } : {}) },
          body,
        });
        expect(await refusalOf(res), type).toEqual({ status: 415, code: "unsupported_media_type" });
      }
    }
    expect(await stateOf(account.id)).toEqual(before);
  });

  it("refuses forged posts to next-auth, the dashboard downloads and pages; the API and webhooks stay open to other sites", async () => {
    const { account, session } = await adminSession();
    const before = await stateOf(account.id);
    const csrfToken = ((await (await session.fetch("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const targets: Array<[string, string]> = [
      ["/api/auth/signout", form({ csrfToken, json: "true" })],
      ["/api/auth/callback/credentials", form({ csrfToken, email: "someone@example.test", password: PASSWORD, json: "true" })],
      ["/api/auth/signin/credentials", form({ csrfToken, json: "true" })],
      ["/api/dashboard/ledger.csv", form({})],
      ["/api/dashboard/account-export", form({})],
      // A server action (the language switcher) is a POST to a page.
      ["/dashboard", form({})],
      ["/", form({})],
    ];
    for (const [path, body] of targets) {
      for (const [forgery, headers] of Object.entries(FORGED_HEADERS)) {
        const res = await withCookie(session, path, {
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body,
        });
        expect(await refusalOf(res), `${path} ${forgery}`).toEqual({ status: 403, code: "cross_site_request" });
      }
    }
    // Still signed in: the forged sign-out did nothing.
    expect((await session.query("account.me")).status).toBe(200);
    expect(await stateOf(account.id)).toEqual(before);

    // Key- and signature-authenticated routes answer other sites as before (no cookie involved).
    const api = await fetch(`${BASE_URL}/api/v1/videos/generations`, {
      method: "POST",
      headers: { origin: EVIL, "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: "{}",
    });
    expect(await refusalOf(api)).toEqual({ status: 401, code: "missing_api_key" });
    const stripe = await fetch(`${BASE_URL}/api/stripe/webhook`, { method: "POST", body: "{}" });
    expect((await refusalOf(stripe)).code).not.toBe("cross_site_request");
  });
});
