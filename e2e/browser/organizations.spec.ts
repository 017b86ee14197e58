import type { Page } from "@playwright/test";
import { createAccount } from "@vgen/engine/accounts";
import { db, uniqueEmail } from "../support/fixtures";
import { invitationTokenSentTo } from "../support/invitations";
import { signedInAccount, TEST_PASSWORD } from "./support/session";
import { expect, test } from "./support/test";

const VIEWPORTS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];

/** On a phone the sidebar (and the switcher in it) sits behind the Menu button. */
async function openMenu(page: Page, width: number) {
  if (width < 768) await page.getByRole("button", { name: "Menu" }).click();
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
