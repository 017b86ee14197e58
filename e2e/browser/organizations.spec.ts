import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { formatUsd } from "@vgen/contracts";
import { createAccount } from "@vgen/engine/accounts";
import { callApi, db, uniqueEmail } from "../support/fixtures";
import { invitationTokenSentTo } from "../support/invitations";
import { signedInAccount, TEST_PASSWORD } from "./support/session";
import { expect, test } from "./support/test";

const VIEWPORTS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];

/** The dashboard's pages without an id in their path (the sidebar's sections and the person's pages). */
const DASHBOARD_ROUTES = [
  "/dashboard",
  "/dashboard/api-keys",
  "/dashboard/quickstart",
  "/dashboard/playground",
  "/dashboard/generations",
  "/dashboard/models",
  "/dashboard/billing",
  "/dashboard/usage",
  "/dashboard/requests",
  "/dashboard/subscriptions",
  "/dashboard/invoices",
  "/dashboard/test-balance",
  "/dashboard/webhooks",
  "/dashboard/members",
  "/dashboard/security",
  "/dashboard/password",
  "/dashboard/account",
];

/** On a phone the sidebar (and the switcher in it) sits behind the Menu button. */
async function openMenu(page: Page, width: number) {
  if (width < 768) await page.getByRole("button", { name: "Menu" }).click();
}

/** Opens the phone's menu unless it is still open (it folds on navigation only). */
async function ensureMenu(page: Page, width: number) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (width < 768 && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
}

for (const viewport of VIEWPORTS) {
  test(`organizations at ${viewport.name} px: invite a member by email, accept, switch organization`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const owner = await signedInAccount(page, { balance: "12.00" });
    const inviteeEmail = uniqueEmail("invitee");
    const invitee = await createAccount(db(), { email: inviteeEmail, password: TEST_PASSWORD, emailVerified: true });

    await page.goto("/dashboard/members");
    const form = page.getByRole("form", { name: "Invite a member" });
    await form.getByLabel("Email").fill(inviteeEmail);
    await form.getByLabel("Role").selectOption("developer");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status")).toContainText(`Invitation sent to ${inviteeEmail}`);
    await expect(page.getByText(`${inviteeEmail} · Developer`)).toBeVisible();
    const link = `/invitations/${await invitationTokenSentTo(inviteeEmail)}`;

    // The invitee, in a browser of their own: opens the link, signs in from it, accepts.
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByRole("heading", { name: `Join ${owner.email}` })).toBeVisible();
    await other.getByRole("link", { name: "Sign in" }).click();
    await other.getByLabel("Email").fill(inviteeEmail);
    await other.getByLabel("Password").fill(TEST_PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL(`**${link}`);
    await other.getByRole("button", { name: "Accept invitation" }).click();
    await other.waitForURL("**/dashboard/members");
    // The dashboard now acts for the owner's organization, as a developer.
    const members = other.getByTestId("member");
    await expect(members.filter({ hasText: owner.email })).toBeVisible();
    await expect(other.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
    await openMenu(other, viewport.width);
    const switcher = other.getByLabel("Organization");
    await expect(switcher).toHaveValue(owner.id);

    // Switching back to their own organization: the members are theirs alone.
    await switcher.selectOption(invitee.id);
    await expect(members.filter({ hasText: owner.email })).toHaveCount(0);
    await expect(members).toHaveCount(1);
    await expect(other.getByRole("form", { name: "Invite a member" })).toBeVisible();
    await other.reload();
    await openMenu(other, viewport.width);
    await expect(other.getByLabel("Organization")).toHaveValue(invitee.id);

    // And the owner sees the new member.
    await page.reload();
    await expect(page.getByTestId("member").filter({ hasText: inviteeEmail })).toBeVisible();
    await expect(page.getByRole("combobox", { name: `Role of ${inviteeEmail}` })).toHaveValue("developer");
    const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await context.close();
  });
}

for (const viewport of VIEWPORTS) {
  test(`organizations at ${viewport.name} px: create a separate organization, use it, switch back`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const person = await signedInAccount(page, { balance: "12.00" });
    await page.goto("/dashboard/api-keys");
    await page.getByLabel("Key name").fill("Personal key");
    await page.getByRole("button", { name: "Issue key" }).click();
    await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("key-row")).toContainText("Personal key");

    // With one organization the sidebar offers only to create another.
    await openMenu(page, viewport.width);
    await expect(page.getByLabel("Organization", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Create organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Create organization" });
    await expect(dialog).toBeVisible();
    // The dialog passes axe like every page does (accessibility.spec.ts opens no dialogs).
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => v.id)).toEqual([]);
    // The name is checked in the browser by the procedure's schema.
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await dialog.getByLabel("Organization name").fill("Acme Studio");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog).toBeHidden();

    // The session acts for the new organization at once: nothing of the personal one shows.
    const org = await db().account.findFirstOrThrow({
      where: { kind: "organization", members: { some: { memberId: person.id } } },
    });
    expect(org).toMatchObject({ name: "Acme Studio", email: null, balanceMicros: 0n });
    await expect(page.getByText("No keys yet")).toBeVisible();
    await expect(page.getByTestId("key-row")).toHaveCount(0);
    await ensureMenu(page, viewport.width);
    const switcher = page.getByLabel("Organization", { exact: true });
    await expect(switcher).toHaveValue(org.id);
    await expect(switcher.locator("option:checked")).toHaveText("Acme Studio · Owner");

    // A key made here belongs to the organization and sees its (zero) balance.
    await page.getByLabel("Key name").fill("Org key");
    await page.getByRole("button", { name: "Issue key" }).click();
    const orgKey = (await page.getByTestId("new-key-value").textContent())!.trim();
    await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("key-row")).toHaveCount(1);
    await expect(page.getByTestId("key-row")).toContainText("Org key");
    const balance = await callApi(orgKey, "/api/v1/balance");
    expect(balance.status).toBe(200);
    expect(await balance.json()).toMatchObject({ available: formatUsd(0n), held: formatUsd(0n) });
    // Every dashboard page loads for an organization tenant (it has no address of its own): person
    // pages (security, password, account) read the signed-in person, the rest the organization.
    if (viewport.width >= 768)
      for (const route of DASHBOARD_ROUTES) {
        const res = await page.goto(route);
        expect(res?.status(), route).toBeLessThan(400);
        await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible();
        await expect(page.locator(".animate-spin")).toHaveCount(0, { timeout: 15_000 });
        await expect(page.getByText("Something went wrong"), route).toHaveCount(0);
      }
    await page.goto("/dashboard/billing");
    await expect(page.getByTestId("available-balance")).toHaveText("$0.00");

    // Switching back: the personal balance and key again, not the organization's.
    await ensureMenu(page, viewport.width);
    await page.getByLabel("Organization", { exact: true }).selectOption(person.id);
    await expect(page.getByTestId("available-balance")).toHaveText("$12.00");
    await page.goto("/dashboard/api-keys");
    await expect(page.getByTestId("key-row")).toHaveCount(1);
    await expect(page.getByTestId("key-row")).toContainText("Personal key");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
}
