// Single sign-on against a real OpenID Connect provider (oidc-provider on 127.0.0.1, its own login and
// consent pages, ID tokens signed with its keys) and domain verification through a real DNS lookup
// (a UDP server on 127.0.0.1). Nothing of the protocol is mocked: the refusals use tokens the provider
// itself signed, for another client or already expired.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@vgen/contracts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { createAccount } from "../src/accounts/index";
import {
  claimDomain,
  completeSsoSignIn,
  listDomains,
  redeemSsoTicket,
  saveConnection,
  ssoForEmail,
  startSsoSignIn,
  verifyDomain,
} from "../src/sso/index";
import { idTokenFromIdp, type LocalIdp, signInAtIdp, startLocalIdp } from "../../../e2e/support/oidc-provider";
import { type LocalDns, startLocalDns } from "../../../e2e/support/dns-txt-server";

process.env.NEXTAUTH_SECRET ??= "sso-test-secret";
process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

const REDIRECT_URI = "http://127.0.0.1:1/api/auth/sso/callback";
const clientA = { clientId: "vgen-a", clientSecret: "secret-a-0123456789", redirectUri: REDIRECT_URI };
const clientB = { clientId: "vgen-b", clientSecret: "secret-b-0123456789", redirectUri: REDIRECT_URI };

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

describe.skipIf(!testDatabaseUrl)("single sign-on", () => {
  const db = useTestDb(4);
  let idp: LocalIdp;
  let dns: LocalDns;

  beforeAll(async () => {
    [idp, dns] = await Promise.all([startLocalIdp([clientA, clientB]), startLocalDns()]);
    process.env.SSO_DNS_SERVERS = dns.server;
  });
  afterAll(async () => {
    await Promise.all([idp?.close(), dns?.close()]);
  });

  /** An organization that verified `domain` by DNS and connected the local IdP as client A. */
  async function ssoOrganization(domain: string, opts: { enforce?: boolean } = {}) {
    const owner = await createAccount(db(), { email: `owner@${domain}`, name: "Acme" });
    const claimed = await claimDomain(db(), { accountId: owner.id, actorId: owner.id, domain });
    dns.txt.set(domain, [claimed.txtValue]);
    await verifyDomain(db(), { accountId: owner.id, actorId: owner.id, domainId: claimed.id });
    await saveConnection(db(), {
      accountId: owner.id,
      actorId: owner.id,
      issuer: idp.issuer,
      ...clientA,
      defaultRole: "developer",
      enforce: opts.enforce ?? false,
    });
    return owner;
  }

  async function start(email: string) {
    const started = await startSsoSignIn(db(), { email, redirectUri: REDIRECT_URI, callbackUrl: "/dashboard/api-keys" });
    if (!started) throw new Error(`no SSO for ${email}`);
    return { ...started, nonce: new URL(started.authorizationUrl).searchParams.get("nonce")! };
  }

  const complete = (flowCookie: string, back: URL) =>
    completeSsoSignIn(db(), { flowCookie, currentUrl: back.toString(), redirectUri: REDIRECT_URI });

  it("verifies a domain by its DNS TXT record, once per domain across organizations", async () => {
    const domain = `${tag()}.example.test`;
    const owner = await createAccount(db(), { email: `first@${domain}` });
    const other = await createAccount(db(), { email: `second@${tag()}.example.test` });
    const claimed = await claimDomain(db(), { accountId: owner.id, actorId: owner.id, domain: `${domain.toUpperCase()}.` });
    expect(claimed).toMatchObject({ domain, txtName: domain, verifiedAt: null });
    expect(claimed.txtValue).toMatch(/^vgen-verify=[1-9A-HJ-NP-Za-km-z]{32}$/);
    // Someone else may claim it too (no squatting), but not verify it with their own token.
    const rival = await claimDomain(db(), { accountId: other.id, actorId: other.id, domain });

    expect((await refusal(verifyDomain(db(), { accountId: owner.id, actorId: owner.id, domainId: claimed.id }))).code).toBe(
      "action_not_allowed",
    );
    dns.txt.set(domain, ["v=spf1 -all", claimed.txtValue]);
    const verified = await verifyDomain(db(), { accountId: owner.id, actorId: owner.id, domainId: claimed.id });
    expect(verified.verifiedAt).toBeInstanceOf(Date);
    expect((await refusal(verifyDomain(db(), { accountId: other.id, actorId: other.id, domainId: rival.id }))).code).toBe(
      "action_not_allowed",
    );
    dns.txt.set(domain, [claimed.txtValue, rival.txtValue]);
    expect((await refusal(verifyDomain(db(), { accountId: other.id, actorId: other.id, domainId: rival.id }))).code).toBe(
      "state_conflict",
    );
    expect((await refusal(claimDomain(db(), { accountId: other.id, actorId: other.id, domain: "not a domain" }))).code).toBe(
      "invalid_parameter",
    );
    // One organization's domain id means nothing to another.
    expect((await refusal(verifyDomain(db(), { accountId: other.id, actorId: other.id, domainId: claimed.id }))).code).toBe(
      "resource_not_found",
    );
    expect((await listDomains(db(), other.id)).map((d) => d.verifiedAt)).toEqual([null]);
    const audit = await db().auditLog.findMany({ where: { targetAccountId: owner.id }, select: { action: true } });
    expect(audit.map((a) => a.action).sort()).toEqual(["sso.domain_claimed", "sso.domain_verified"]);
  });

  it("signs a new person in through the IdP: just-in-time account and membership, a one-use ticket", async () => {
    const domain = `${tag()}.example.test`;
    const org = await ssoOrganization(domain);
    const email = `alice@${domain}`;
    idp.people.set("alice", { email: email.toUpperCase(), name: "Alice" });

    expect(
      await startSsoSignIn(db(), { email: `alice@${tag()}.example.test`, redirectUri: REDIRECT_URI, callbackUrl: "/" }),
    ).toBeNull();
    const flow = await start(email);
    const auth = new URL(flow.authorizationUrl);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("client_id")).toBe(clientA.clientId);

    const back = await signInAtIdp(flow.authorizationUrl, "alice", REDIRECT_URI);
    const done = await complete(flow.flowCookie, back);
    expect(done.callbackUrl).toBe("/dashboard/api-keys");

    const person = await db().account.findUniqueOrThrow({ where: { email } });
    expect(person.emailVerifiedAt).toBeInstanceOf(Date);
    expect(person.passwordHash).toBeNull();
    const membership = await db().membership.findUniqueOrThrow({
      where: { accountId_memberId: { accountId: org.id, memberId: person.id } },
    });
    expect(membership.role).toBe("developer");
    expect(
      await db().auditLog.count({ where: { targetAccountId: org.id, action: "sso.member_joined", targetId: person.id } }),
    ).toBe(1);

    expect(await redeemSsoTicket(db(), done.ticket)).toMatchObject({ id: person.id, email });
    expect(await redeemSsoTicket(db(), done.ticket)).toBeNull();
    // The same answer again (a replayed callback) is refused: the code is spent.
    expect((await refusal(complete(flow.flowCookie, back))).code).toBe("sso_failed");

    // A second sign-in keeps the one membership (and a role the owner changed meanwhile).
    await db().membership.update({
      where: { accountId_memberId: { accountId: org.id, memberId: person.id } },
      data: { role: "viewer" },
    });
    const again = await start(email);
    await complete(again.flowCookie, await signInAtIdp(again.authorizationUrl, "alice", REDIRECT_URI));
    expect(await db().membership.findMany({ where: { memberId: person.id }, select: { role: true, accountId: true } })).toEqual(
      expect.arrayContaining([{ accountId: org.id, role: "viewer" }]),
    );
  });

  it("refuses an ID token the IdP signed for another client (wrong audience)", async () => {
    const domain = `${tag()}.example.test`;
    await ssoOrganization(domain);
    idp.people.set("carol", { email: `carol@${domain}` });
    const flow = await start(`carol@${domain}`);
    // Same person, same nonce, same issuer and keys: only the audience differs.
    idp.settings.replaceIdToken = await idTokenFromIdp(idp, clientB, "carol", flow.nonce);
    try {
      const back = await signInAtIdp(flow.authorizationUrl, "carol", REDIRECT_URI);
      const err = await refusal(complete(flow.flowCookie, back));
      expect(err.code).toBe("sso_failed");
      expect(err.message).toMatch(/"aud" \(audience\)/);
    } finally {
      idp.settings.replaceIdToken = null;
    }
    expect(await db().account.findUnique({ where: { email: `carol@${domain}` } })).toBeNull();
  });

  it("refuses an expired ID token", async () => {
    const domain = `${tag()}.example.test`;
    await ssoOrganization(domain);
    idp.people.set("dave", { email: `dave@${domain}` });
    const flow = await start(`dave@${domain}`);
    idp.settings.idTokenTtl = 1;
    try {
      idp.settings.replaceIdToken = await idTokenFromIdp(idp, clientA, "dave", flow.nonce);
    } finally {
      idp.settings.idTokenTtl = 3600;
    }
    // Past its expiry and the client's 5 s clock tolerance.
    await new Promise((r) => setTimeout(r, 7_000));
    try {
      const back = await signInAtIdp(flow.authorizationUrl, "dave", REDIRECT_URI);
      const err = await refusal(complete(flow.flowCookie, back));
      expect(err.code).toBe("sso_failed");
      expect(err.message).toMatch(/"exp" \(expiration time\)/);
    } finally {
      idp.settings.replaceIdToken = null;
    }
    expect(await db().account.findUnique({ where: { email: `dave@${domain}` } })).toBeNull();
  });

  it("refuses a person of another domain, an unverified email, and a tampered or missing flow cookie", async () => {
    const domain = `${tag()}.example.test`;
    const otherDomain = `${tag()}.example.test`;
    await ssoOrganization(domain);
    idp.people.set("erin", { email: `erin@${otherDomain}` });
    idp.people.set("frank", { email: `frank@${domain}`, emailVerified: false });

    const erin = await start(`someone@${domain}`);
    const erinBack = await signInAtIdp(erin.authorizationUrl, "erin", REDIRECT_URI);
    expect((await refusal(complete(erin.flowCookie, erinBack))).message).toMatch(/not in a domain of this organization/);
    expect(await db().account.findUnique({ where: { email: `erin@${otherDomain}` } })).toBeNull();

    const frank = await start(`frank@${domain}`);
    const frankBack = await signInAtIdp(frank.authorizationUrl, "frank", REDIRECT_URI);
    expect((await refusal(complete(frank.flowCookie, frankBack))).message).toMatch(/did not vouch/);

    const third = await start(`frank@${domain}`);
    const tampered = `${third.flowCookie.slice(0, -2)}${third.flowCookie.endsWith("A") ? "B" : "A"}A`;
    expect((await refusal(complete(tampered, new URL(`${REDIRECT_URI}?code=x&state=y`)))).code).toBe("sso_failed");
    expect(
      (await refusal(completeSsoSignIn(db(), { flowCookie: undefined, currentUrl: REDIRECT_URI, redirectUri: REDIRECT_URI })))
        .code,
    ).toBe("sso_failed");
  });

  it("tells password sign-in when a domain enforces SSO, and fetches the issuer only through the SSRF guard", async () => {
    const domain = `${tag()}.example.test`;
    const org = await ssoOrganization(domain, { enforce: true });
    expect(await ssoForEmail(db(), `grace@${domain.toUpperCase()}`)).toMatchObject({ enforce: true });
    expect(await ssoForEmail(db(), `grace@sub.${domain}`)).toBeNull();

    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "";
    try {
      // Plain http is refused outright; an https issuer on a loopback address is refused before any connection.
      expect(
        (await refusal(startSsoSignIn(db(), { email: `grace@${domain}`, redirectUri: REDIRECT_URI, callbackUrl: "/" }))).message,
      ).toMatch(/HTTPS/);
      for (const issuer of ["https://127.0.0.1:1/", "https://[::ffff:7f00:1]:1/", "https://169.254.169.254/"]) {
        await saveConnection(db(), {
          accountId: org.id,
          actorId: org.id,
          issuer,
          ...clientA,
          defaultRole: "viewer",
          enforce: true,
        });
        const err = await refusal(
          startSsoSignIn(db(), { email: `grace@${domain}`, redirectUri: REDIRECT_URI, callbackUrl: "/" }),
        );
        expect(err.code).toBe("sso_failed");
        expect(err.message).toMatch(/URL not allowed/);
      }
    } finally {
      process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    }
  });
});
