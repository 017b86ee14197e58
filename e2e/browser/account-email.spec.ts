// Change email end to end: the owner asks in account settings, staff read the confirmation link
// from the console's mail outbox (the test server has no SMTP_URL, so mail stays in the outbox),
// the owner opens it, and signs in with the new address. Desktop and a 390 px phone.
import { expect, test, type Page } from "./support/test";
import { db, uniqueEmail } from "../support/fixtures";
import { signedInAccount, TEST_PASSWORD } from "./support/session";

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: change email through the confirmation link and sign in with the new address`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const owner = await signedInAccount(page);
    const other = await signedInAccount(await browser.newPage());
    const newEmail = uniqueEmail("moved");

    await page.goto("/dashboard/account");
    await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${owner.email}`)).toBeVisible();
    const form = page.getByRole("form", { name: "Change email" });

    // A wrong password and a taken address are refused under their fields.
    await form.getByLabel("New email").fill(newEmail);
    await form.getByLabel("Current password").fill("not the password at all");
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "current password is not correct" })).toBeVisible();
    await form.getByLabel("New email").fill(other.email);
    await form.getByLabel("Current password").fill(TEST_PASSWORD);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Another account already uses this email address." })).toBeVisible();

    await form.getByLabel("New email").fill(newEmail);
    await form.getByLabel("Current password").fill(TEST_PASSWORD);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(form.getByRole("status")).toContainText(`We sent a confirmation link to ${newEmail}`);
    await expectNoHorizontalScroll(page);
    // Nothing changes before the link is opened.
    expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).email).toBe(owner.email);

    // Staff find the message in the outbox and open it (an audited read).
    const staffPage = await browser.newPage();
    await staffPage.setViewportSize({ width: viewport.width, height: viewport.height });
    const staff = await signedInAccount(staffPage, { role: "support" });
    await staffPage.goto("/console/outbox");
    await staffPage.getByLabel("Recipient").fill(newEmail);
    await staffPage.getByRole("button", { name: "Filter" }).click();
    const rows = staffPage.getByTestId("outbox").getByRole("row");
    await expect(rows).toHaveCount(2); // header + the one message
    await expect(rows.nth(1)).toContainText("not sent");
    await expectNoHorizontalScroll(staffPage);
    await staffPage.getByRole("link", { name: "Confirm your new email address" }).click();
    await expect(staffPage.getByTestId("email-to")).toHaveText(newEmail);
    const text = (await staffPage.getByTestId("email-text").textContent()) ?? "";
    const link = new URL(/http\S+\/confirm-email\?token=\S+/.exec(text)![0]);
    await expectNoHorizontalScroll(staffPage);
    await expect.poll(() => db().auditLog.count({ where: { actorId: staff.id, action: "outbox.read" } })).toBe(1);
    await staffPage.close();

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("status")).toContainText(`You sign in with ${newEmail} from now on.`);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("alert").filter({ hasText: "invalid, already used or expired" })).toBeVisible();

    // The old address was told; the new one signs in, the old one no longer does.
    const notice = await db().outboundEmail.findFirstOrThrow({ where: { to: owner.email, kind: "email_change_notice" } });
    expect(notice.text).toContain(newEmail);
    const fresh = await browser.newPage();
    await fresh.setViewportSize({ width: viewport.width, height: viewport.height });
    await fresh.goto("/signin");
    await fresh.getByLabel("Email").fill(owner.email);
    await fresh.getByLabel("Password").fill(TEST_PASSWORD);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await expect(fresh.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
    await fresh.getByLabel("Email").fill(newEmail);
    await fresh.getByLabel("Password").fill(TEST_PASSWORD);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await fresh.waitForURL("**/dashboard");
    await fresh.goto("/dashboard/account");
    await expect(fresh.getByText(`Signed in as ${newEmail}`)).toBeVisible();
    await expectNoHorizontalScroll(fresh);
    await fresh.close();
  });
}
