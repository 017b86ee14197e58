import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "./support/test";
import { generate } from "otplib";
import { BrowserSession } from "../support/browser-session";
import { signedInAccount, TEST_PASSWORD } from "./support/session";

/** A code of the next 30 s step: within the accepted drift, and never the step enrollment used. */
const nextStepCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** The navigation's Sign out (behind the Menu button on a phone). */
async function signOut(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/signin**");
}

async function signInWithCode(page: Page, email: string, code: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor code" })).toBeVisible();
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await page.waitForURL("**/dashboard");
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const pending = page.waitForEvent("download");
  await click();
  const file = await pending;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: enroll two-factor, sign in with a code and with a recovery code, manage sessions, export and delete`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { email } = await signedInAccount(page);
    await page.goto("/dashboard/security");
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();

    // Enroll: QR code and key, a wrong code refused, the right one shows 10 recovery codes once.
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code of your two-factor key" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoHorizontalScroll(page);
    const current = await generate({ secret });
    await page.getByLabel("Code from the app").fill(current === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not correct" })).toBeVisible();
    await page.getByLabel("Code from the app").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    const codes = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
    await expectNoHorizontalScroll(page);
    const saved = await download(page, () => page.getByRole("link", { name: "Download as text" }).click());
    expect(saved.name).toBe("vgen-recovery-codes.txt");
    for (const c of codes) expect(saved.text).toContain(c);
    await page.getByRole("button", { name: "I saved them" }).click();
    await expect(page.getByText(/On since .* UTC\. 10 recovery codes left\./)).toBeVisible();
    await expect(page.getByTestId("recovery-code")).toHaveCount(0);

    // The password alone leads to the code step; a code from the app signs in.
    await signOut(page);
    await signInWithCode(page, email, await nextStepCode(secret));
    // A recovery code signs in too.
    await signOut(page);
    await signInWithCode(page, email, codes[0]!);

    // Sessions: this browser plus one opened elsewhere (over HTTP) and signed out from here.
    const elsewhere = new BrowserSession({ "user-agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0" });
    expect((await elsewhere.signIn(email, TEST_PASSWORD, "/dashboard", codes[1])).error).toBeNull();
    await page.goto("/dashboard/security");
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    const here = rows.filter({ hasText: "This device" });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText("Chrome");
    const other = rows.filter({ hasText: "Firefox on Windows" });
    await expect(other).toContainText(/last active \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await expectNoHorizontalScroll(page);
    await other.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(rows).toHaveCount(1);
    expect((await elsewhere.query("account.me")).status).toBe(401);

    // "Sign out everywhere else" keeps only this browser.
    for (const code of [codes[2]!, codes[3]!])
      expect((await new BrowserSession().signIn(email, TEST_PASSWORD, "/dashboard", code)).error).toBeNull();
    await page.reload();
    await expect(rows).toHaveCount(3);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("This device");

    // Export: one JSON file of the account.
    const exported = await download(page, () => page.getByRole("link", { name: "Download my data" }).click());
    expect(exported.name).toMatch(/^vgen-account-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(exported.text);
    expect(data.profile).toMatchObject({ email, twoFactorEnabled: true });
    expect(data.sessions.length).toBeGreaterThanOrEqual(4);

    // Delete: password, a code and the email typed out; then the account cannot sign in.
    await page.getByRole("button", { name: "Delete account…" }).click();
    const form = page.getByRole("form", { name: "Delete account" });
    await form.getByLabel("Password").fill(TEST_PASSWORD);
    await form.getByLabel("Two-factor code or a recovery code").fill(codes[4]!);
    await form.getByLabel(/Type your email/).fill("someone@else.test");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Type your account's email address" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await form.getByLabel(/Type your email/).fill(email);
    await form.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
  });
}
