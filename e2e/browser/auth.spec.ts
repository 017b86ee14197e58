import { expect, test } from "./support/test";
import { issueLink } from "@vgen/engine/auth";
import { db, uniqueEmail } from "../support/fixtures";
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
  await expect(page.getByTestId("overview-balance")).toHaveText("$0.00");
  await expect(page.getByText("not issued")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=.*%2Fdashboard%2Fbilling/);
});

test("sign-up with a taken email does not say so: it asks to check the inbox, and the owner is emailed", async ({ page }) => {
  const { id, email } = await signedInAccount(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("another long passphrase entirely");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "already exists" })).toHaveCount(0);
  expect(await db().outboundEmail.count({ where: { accountId: id, kind: "sign_up_attempt" } })).toBe(1);
  expect(await db().account.count({ where: { email } })).toBe(1);
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

test("a weak password is refused at sign-up under the password field", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(uniqueEmail("weak"));
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "commonly used password" })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a callbackUrl to another site lands on the dashboard instead", async ({ page }) => {
  const { email } = await signedInAccount(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  for (const hostile of ["//evil.example/x", "/\\evil.example", "https://evil.example/"]) {
    await page.goto(`/signin?callbackUrl=${encodeURIComponent(hostile)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard");
    expect(new URL(page.url()).host).toBe(new URL(process.env.BASE_URL!).host);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/signin**");
  }
});

test("a new account verifies its email before the dashboard issues its first key", async ({ page }) => {
  const email = uniqueEmail("verify");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText("Verify your email address");
  await banner.getByRole("button", { name: "Send a new link" }).click();
  await expect(banner).toContainText("A new link is on its way");

  await page.goto("/dashboard/api-keys");
  // The keys table comes from the client's query: the form is live (hydrated) once it shows.
  await expect(page.getByRole("table", { name: "API keys of this account" })).toBeVisible();
  await page.getByLabel("Key name").fill("first");
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Verify your email address before issuing an API key" })).toBeVisible();

  // The link the server printed (no SMTP_URL here), made the same way.
  const account = await db().account.findUniqueOrThrow({ where: { email } });
  const link = new URL(await issueLink(db(), account.id, "email_verification"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("status")).toContainText(`${email} is verified`);

  await page.goto("/dashboard/api-keys");
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "API keys of this account" })).toBeVisible();
  await page.getByLabel("Key name").fill("first");
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByTestId("new-key")).toBeVisible();
});

test("forgot password: ask for a link, set a new password, sign in with it", async ({ page }) => {
  const { email, id } = await signedInAccount(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this email");

  const link = new URL(await issueLink(db(), id, "password_reset"));
  await page.goto(link.pathname + link.search);
  await page.getByLabel("New password", { exact: true }).fill("aaaaaaaaaa");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Repeated characters" })).toBeVisible();
  const fresh = "another quite long passphrase";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("signed out everywhere");

  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(fresh);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
});

test("change password: a weak one is refused, a strong one works and signs out other sessions", async ({ page, browser }) => {
  const { email } = await signedInAccount(page);
  const other = await browser.newPage();
  await other.goto("/signin");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(TEST_PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  await other.waitForURL("**/dashboard");

  await page.getByRole("link", { name: "Account settings" }).click();
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(TEST_PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill(email);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "personal" })).toBeVisible();
  await form.getByLabel("New password", { exact: true }).fill("a changed long passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();

  // This session stays; the other one is signed out.
  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await other.goto("/dashboard/billing");
  await expect(other).toHaveURL(/\/signin\?callbackUrl=/);
  await other.close();
});
