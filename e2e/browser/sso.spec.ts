// Single sign-on end to end: an owner verifies a domain through DNS (a TXT server on 127.0.0.1 where the
// app's SSO_DNS_SERVERS points) and connects a real OpenID Connect provider (oidc-provider on
// 127.0.0.1); a new person then signs in through the provider's own login and consent pages and
// lands in the dashboard as a member; with SSO required, their password is refused.
import { ApiError } from "@vgen/contracts";
import type { Page } from "@playwright/test";
import { db } from "../support/fixtures";
import { type LocalDns, startLocalDns } from "../support/dns-txt-server";
import { type LocalIdp, startLocalIdp } from "../support/oidc-provider";
import { signedInAccount } from "./support/session";
import { expect, test } from "./support/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const client = {
  clientId: "vgen-e2e",
  clientSecret: "e2e-client-secret-0123456789",
  redirectUri: `${BASE_URL}/api/auth/sso/callback`,
};

let idp: LocalIdp;
let dns: LocalDns;

test.beforeAll(async () => {
  const dnsAddress = process.env.SSO_DNS_SERVERS;
  if (!dnsAddress) throw new Error("SSO_DNS_SERVERS must name the DNS server the app asks (run-all.ts sets it)");
  [idp, dns] = await Promise.all([startLocalIdp([client]), startLocalDns(Number(dnsAddress.split(":").pop()))]);
});
test.afterAll(async () => {
  await Promise.all([idp?.close(), dns?.close()]);
});

/** A page of another browser context (no hydration wrapper): wait for React before clicking. */
async function hydratedApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 20_000 });
}

test("single sign-on: verify a domain, connect the IdP, a new member signs in through it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const domain = `sso-${Date.now().toString(36)}.example.test`;
  const owner = await signedInAccount(page);

  await page.goto("/dashboard/sso");
  await expect(page.getByRole("heading", { name: "Single sign-on" }).first()).toBeVisible();
  await expect(page.getByText(`${BASE_URL}/api/auth/sso/callback`)).toBeVisible();
  const domainForm = page.getByRole("form", { name: "Add domain" });
  await domainForm.getByLabel("Domain").fill(domain);
  await domainForm.getByRole("button", { name: "Add domain" }).click();
  const row = page.getByTestId("sso-domain").filter({ hasText: domain });
  await expect(row).toContainText("Waiting for DNS");
  const txt = (await row.locator("code").textContent()) ?? "";
  expect(txt).toMatch(/^vgen-verify=/);

  // Verify before the record exists: refused with the record to add; then with it: verified.
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(page.getByText(`No TXT record "${txt}" on ${domain} yet`)).toBeVisible();
  dns.txt.set(domain, [txt]);
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(row).toContainText("Verified");

  const connection = page.getByRole("form", { name: "Identity provider" });
  await connection.getByLabel("Issuer URL").fill(idp.issuer);
  await connection.getByLabel("Client ID").fill(client.clientId);
  await connection.getByLabel("Client secret").fill(client.clientSecret);
  await connection.getByLabel("Role of new members").selectOption("developer");
  await connection.getByLabel(/Require single sign-on/).check();
  await connection.getByRole("button", { name: "Save connection" }).click();
  await expect(connection.getByRole("status")).toHaveText("Connection saved.");
  const stored = await db().ssoConnection.findUniqueOrThrow({ where: { accountId: owner.id } });
  expect(stored).toMatchObject({ issuer: idp.issuer, clientId: client.clientId, defaultRole: "developer", enforce: true });
  expect(stored.clientSecret).not.toContain(client.clientSecret);

  // A new person of that domain, in a browser of their own.
  const email = `alice@${domain}`;
  idp.people.set("alice", { email, name: "Alice Example" });
  const context = await browser.newContext();
  const alice = await context.newPage();
  await alice.goto("/signin");
  await hydratedApp(alice);
  await alice.getByLabel("Email").fill(email);
  await alice.getByRole("button", { name: "Continue with single sign-on" }).click();
  // The provider's own pages: login, then consent.
  await alice.locator('input[name="login"]').fill("alice");
  await alice.locator('input[name="password"]').fill("anything");
  await alice.getByRole("button", { name: "Sign-in" }).click();
  await alice.getByRole("button", { name: "Continue" }).click();
  await alice.waitForURL(`${BASE_URL}/dashboard`, { timeout: 30_000 });
  await hydratedApp(alice);

  const person = await db().account.findUniqueOrThrow({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  expect(person.emailVerifiedAt).not.toBeNull();
  const membership = await db().membership.findUniqueOrThrow({
    where: { accountId_memberId: { accountId: owner.id, memberId: person.id } },
  });
  expect(membership.role).toBe("developer");
  expect(await db().authSession.count({ where: { accountId: person.id, revokedAt: null } })).toBe(1);
  // Her session is a real one: the members page of her organizations lists her.
  await alice.goto("/dashboard/members");
  await expect(alice.getByTestId("member").filter({ hasText: email })).toBeVisible();
  await context.close();

  // SSO is required for the domain: a password sign-in is refused with the reason.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto("/signin");
  await hydratedApp(other);
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill("correct horse battery staple");
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  // The catalog's sso_required message, as the sign-in form shows it.
  await expect(other.getByText(new ApiError("sso_required").message)).toBeVisible();
  // An email without SSO is sent back with an explanation.
  await other.getByLabel("Email").fill(`nobody@sso-none-${Date.now()}.example.test`);
  await other.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(other.getByText("This email's domain has no single sign-on")).toBeVisible();
  await fresh.close();

  // The same refusal reads in the reader's language.
  const russian = await browser.newContext({ locale: "ru-RU" });
  const ru = await russian.newPage();
  await ru.goto("/signin");
  await hydratedApp(ru);
  await ru.getByLabel("Эл. почта").fill(email);
  await ru.getByLabel("Пароль").fill("correct horse battery staple");
  await ru.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(ru.getByRole("alert").filter({ hasText: "требует единого входа (SSO)" })).toBeVisible();
  await russian.close();
});
