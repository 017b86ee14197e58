// Notification emails (docs/api.md#notification-emails) on Account settings: the money notices
// switch off and stay off after a reload (stored on the account); the security notices are shown on
// and cannot be switched. Desktop and a 390 px phone.
import { expect, type Page, test } from "./support/test";
import { db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const viewport of [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`${viewport.name}: notification switches persist across a reload; security notices stay on`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const acct = await signedInAccount(page);
    await page.goto("/dashboard/account#notifications");
    const form = page.getByRole("form", { name: "Notification emails" });
    const topUp = form.getByRole("switch", { name: "Top-up paid" });
    const refund = form.getByRole("switch", { name: "Refund" });
    const granted = form.getByRole("switch", { name: "Test balance granted" });
    await expect(topUp).toBeChecked();
    await expect(refund).toBeChecked();
    await expect(granted).toBeChecked();
    for (const name of ["Sign-in from a new device", "Two-factor sign-in turned off", "API key revoked"]) {
      const security = form.getByRole("switch", { name });
      await expect(security).toBeChecked();
      await expect(security).toBeDisabled();
    }
    await expect(form.getByText("Security notices are always sent")).toBeVisible();
    await expectNoHorizontalScroll(page);

    await topUp.click();
    await refund.click();
    await form.getByRole("button", { name: "Save notification settings" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
    expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).mutedNotifications.sort()).toEqual([
      "generation_refunded",
      "top_up_paid",
    ]);

    await page.reload();
    const after = page.getByRole("form", { name: "Notification emails" });
    await expect(after.getByRole("switch", { name: "Top-up paid" })).not.toBeChecked();
    await expect(after.getByRole("switch", { name: "Refund" })).not.toBeChecked();
    await expect(after.getByRole("switch", { name: "Test balance granted" })).toBeChecked();

    // Back on: the account mutes nothing again.
    await after.getByRole("switch", { name: "Top-up paid" }).click();
    await after.getByRole("switch", { name: "Refund" }).click();
    await after.getByRole("button", { name: "Save notification settings" }).click();
    await expect(after.getByRole("status")).toHaveText("Saved.");
    await page.reload();
    await expect(
      page.getByRole("form", { name: "Notification emails" }).getByRole("switch", { name: "Top-up paid" }),
    ).toBeChecked();
    expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).mutedNotifications).toEqual([]);
  });
}

test("Russian: the section and its switches read in Russian", async ({ page }) => {
  await signedInAccount(page);
  await page.context().addCookies([{ name: "locale", value: "ru", url: process.env.BASE_URL! }]);
  await page.goto("/dashboard/account");
  const form = page.getByRole("form", { name: "Уведомления по почте" });
  await expect(form.getByRole("switch", { name: "Пополнение оплачено" })).toBeChecked();
  await expect(form.getByRole("switch", { name: "Вход с нового устройства" })).toBeDisabled();
});
