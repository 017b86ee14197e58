import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/fixtures";
import { signedInAccount, TEST_PASSWORD } from "./support/session";

test("sign up, land on the dashboard, sign out, and the protected area redirects", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Ada");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
  await expect(page.getByTestId("overview-balance")).toHaveText("$0.000");
  await expect(page.getByText("not issued")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=.*%2Fdashboard%2Fbilling/);
});

test("a duplicate email is refused with a clear message", async ({ page }) => {
  const { email } = await signedInAccount(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already exists" })).toBeVisible();
});

test("wrong passwords are refused and repeated attempts are rate limited", async ({ page }) => {
  const { email } = await signedInAccount(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  // The sign-in above was attempt 1; nine wrong ones bring it to the limit of 10.
  for (let i = 0; i < 9; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
  }
  // The 11th attempt within 15 minutes is refused even with the right password.
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many sign-in attempts" })).toBeVisible();
});
