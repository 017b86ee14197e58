// OpenID Connect sign-in (authorization code with PKCE) against an organization's identity provider.
// openid-client does the protocol: discovery, the code exchange and the ID token's checks (signature
// by the issuer's keys, issuer, audience, expiry, nonce). Every request to the IdP goes through the
// SSRF guard: the issuer URL is the organization owner's input.
import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import { ApiError } from "@vgen/contracts";
import { newId, randomBase58, type Db } from "@vgen/db";
import { env } from "@vgen/config";
import { createAccount } from "../accounts";
import { writeAuditRow } from "../audit";
import { safeFetch } from "../net";
import { connectionWithSecret, ssoForEmail } from "./connections";
import { open, seal } from "./secret-box";

/** How long the browser may take at the IdP; the flow cookie opens for no longer. */
export const SSO_FLOW_MAX_AGE_SECONDS = 10 * 60;
/** The hand-over from the callback to the session's sign-in happens at once; a little slack for slow pages. */
export const SSO_TICKET_MAX_AGE_SECONDS = 2 * 60;
const FLOW_PURPOSE = "sso-flow";
/** Seconds of clock skew forgiven on the ID token's times (the library's default, 30, keeps an expired token for half a minute). */
const CLOCK_TOLERANCE_SECONDS = 5;

interface Flow {
  org: string;
  state: string;
  nonce: string;
  verifier: string;
  callbackUrl: string;
  exp: number;
}

const failed = (why: string) => new ApiError("sso_failed", `Single sign-on failed: ${why}`);

/** The library's reason with its cause, which names the refused claim (aud, exp, nonce…), for the log. */
function reasonOf(err: unknown): string {
  const e = err as Error;
  return e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : (e.message ?? String(err));
}

/** openid-client's fetch, carried by safeFetch (address checks, pinned connection, size and time caps). */
const guardedFetch: oidc.CustomFetch = async (url, options) => {
  const headers: Record<string, string> = {};
  new Headers(options.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const body = options.body === undefined || options.body === null ? undefined : String(options.body);
  const res = await safeFetch(url, { method: options.method, headers, body, timeoutMs: 10_000, maxBytes: 1024 * 1024 });
  return new Response(res.status === 204 ? null : new Uint8Array(res.body), { status: res.status, headers: res.headers });
};

async function configuration(conn: { issuer: string; clientId: string; clientSecret: string }) {
  const options: oidc.DiscoveryRequestOptions = { [oidc.customFetch]: guardedFetch };
  // Plain http only where private addresses are allowed too (tests, local development).
  if (env().ALLOW_PRIVATE_NETWORK_FETCH) options.execute = [oidc.allowInsecureRequests];
  try {
    return await oidc.discovery(
      new URL(conn.issuer),
      conn.clientId,
      { [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
      // client_secret_basic: the method a client registration gets by default (RFC 7591).
      oidc.ClientSecretBasic(conn.clientSecret),
      options,
    );
  } catch (err) {
    throw failed(`the identity provider's configuration could not be read (${reasonOf(err)}).`);
  }
}

/**
 * Where to send a person whose email belongs to an organization with single sign-on, and the sealed
 * flow cookie (state, nonce, PKCE verifier) the callback needs back; null when the email has no SSO.
 */
export async function startSsoSignIn(db: Db, input: { email: string; redirectUri: string; callbackUrl: string }) {
  const sso = await ssoForEmail(db, input.email);
  if (!sso) return null;
  const conn = await connectionWithSecret(db, sso.accountId);
  if (!conn) return null;
  const config = await configuration(conn);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: Flow = {
    org: sso.accountId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    callbackUrl: input.callbackUrl,
    exp: Date.now() + SSO_FLOW_MAX_AGE_SECONDS * 1000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    login_hint: input.email,
  });
  return { authorizationUrl: url.toString(), flowCookie: seal(JSON.stringify(flow), FLOW_PURPOSE) };
}

function readFlow(cookie: string | undefined): Flow {
  const raw = cookie ? open(cookie, FLOW_PURPOSE) : null;
  if (!raw) throw failed("the sign-in was not started in this browser, or took too long.");
  const flow = JSON.parse(raw) as Flow;
  if (flow.exp < Date.now()) throw failed("the sign-in took too long.");
  return flow;
}

/**
 * The IdP's redirect back: checks the answer and its ID token, makes the person (email vouched for by
 * the IdP) and their membership with the connection's default role when new, and returns a one-use
 * ticket that the session sign-in redeems (redeemSsoTicket).
 */
export async function completeSsoSignIn(
  db: Db,
  input: { flowCookie: string | undefined; currentUrl: string; redirectUri: string },
) {
  const flow = readFlow(input.flowCookie);
  const conn = await connectionWithSecret(db, flow.org);
  if (!conn) throw failed("the organization no longer has single sign-on.");
  const config = await configuration(conn);
  // The redirect URI registered at the IdP, with the IdP's query: behind a proxy the request's own URL may differ.
  const current = new URL(input.redirectUri);
  current.search = new URL(input.currentUrl).search;
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw failed(`the identity provider's answer was refused (${reasonOf(err)}).`);
  }
  if (!claims) throw failed("the identity provider sent no ID token.");
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) throw failed("the identity provider did not vouch for an email address.");
  // The email's domain must be one this organization verified: an IdP speaks only for its own domains.
  const owner = await ssoForEmail(db, email);
  if (owner?.accountId !== flow.org) throw failed(`${email} is not in a domain of this organization.`);
  const person = await personFor(db, email, typeof claims.name === "string" ? claims.name : undefined);
  await ensureMembership(db, {
    accountId: flow.org,
    memberId: person.id,
    role: conn.defaultRole,
    issuer: conn.issuer,
    subject: claims.sub,
  });
  return { ticket: await issueTicket(db, person.id), callbackUrl: flow.callbackUrl };
}

async function personFor(db: Db, email: string, name: string | undefined) {
  const existing = await db.account.findUnique({ where: { email }, select: { id: true, status: true, emailVerifiedAt: true } });
  if (existing) {
    if (existing.status === "suspended") throw new ApiError("account_suspended", "This account is suspended. Contact support.");
    // The IdP of the verified domain vouched for the address.
    if (!existing.emailVerifiedAt) await db.account.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    return { id: existing.id };
  }
  try {
    const created = await createAccount(db, { email, name, emailVerified: true });
    return { id: created.id };
  } catch (err) {
    // Two callbacks for one new person at once: the other one created it.
    if ((err as { code?: string }).code !== "P2002") throw err;
    const row = await db.account.findUniqueOrThrow({ where: { email }, select: { id: true } });
    return { id: row.id };
  }
}

async function ensureMembership(
  db: Db,
  m: { accountId: string; memberId: string; role: string; issuer: string; subject: string },
) {
  await db.$transaction(async (tx) => {
    const created = await tx.membership.createMany({
      data: [{ accountId: m.accountId, memberId: m.memberId, role: m.role as "viewer" }],
      skipDuplicates: true,
    });
    if (created.count === 0) return;
    await writeAuditRow(tx, {
      actorId: m.memberId,
      action: "sso.member_joined",
      targetAccountId: m.accountId,
      targetId: m.memberId,
      details: { role: m.role, issuer: m.issuer, subject: m.subject },
    });
  });
}

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

async function issueTicket(db: Db, accountId: string): Promise<string> {
  const ticket = randomBase58(43);
  await db.authToken.create({
    data: {
      id: newId("atk"),
      accountId,
      kind: "sso_sign_in",
      hash: hashTicket(ticket),
      expiresAt: new Date(Date.now() + SSO_TICKET_MAX_AGE_SECONDS * 1000),
    },
  });
  return ticket;
}

/** The person a live ticket names, using it up (a replay finds it used); null for anything else. */
export async function redeemSsoTicket(db: Db, ticket: string) {
  const row = await db.authToken.findUnique({
    where: { hash: hashTicket(ticket) },
    select: { id: true, kind: true, accountId: true },
  });
  if (row?.kind !== "sso_sign_in") return null;
  const used = await db.authToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (used.count === 0) return null;
  const account = await db.account.findUnique({
    where: { id: row.accountId },
    select: { id: true, email: true, name: true, role: true, status: true, deletedAt: true },
  });
  if (account?.status !== "active" || account.deletedAt) return null;
  return { id: account.id, email: account.email, name: account.name, role: account.role };
}
