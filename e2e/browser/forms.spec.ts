import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { BASE_URL, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

/** How many requests the page sends to a tRPC procedure (batched calls name every procedure in the path). */
function countCalls(page: Page, procedure: string) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/trpc/") && request.url().includes(procedure)) calls.push(request.url());
  });
  return calls;
}

test("the browser refuses a form's input with its schema's message under the field, without asking the server", async ({
  page,
}) => {
  await signedInAccount(page);
  const creates = countCalls(page, "apiKeys.create");
  await page.goto("/dashboard/api-keys");
  await page.getByRole("button", { name: "Issue key" }).click();

  const name = page.getByLabel("Key name");
  // The create procedure's schema (apiKeys/create.schema.ts) says it, under its field.
  await expect(name).toHaveAttribute("aria-invalid", "true");
  const errorId = await name.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Give the key a name.");
  await expect(name).toBeFocused();
  expect(creates).toHaveLength(0);

  // Fixing it clears the message once submitted again.
  await name.fill("Checked");
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByTestId("new-key")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "false");
  expect(creates).toHaveLength(1);
});

test("sign-up checks the address and the password's length in the browser", async ({ page }) => {
  const signUps = countCalls(page, "account.signUp");
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Enter a valid email address." })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Use at least 10 characters." })).toBeVisible();
  expect(signUps).toHaveLength(0);
});

test("a URL the server's SSRF policy refuses lands under the endpoint URL field", async ({ page }) => {
  const { id: accountId } = await signedInAccount(page);
  const creates = countCalls(page, "webhooks.createEndpoint");
  await page.goto("/dashboard/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  // A well-formed http URL (the schema takes it) with credentials, which the URL policy refuses.
  const url = page.getByLabel("Endpoint URL");
  await url.fill("https://user:secret@example.com/hooks");
  await page.getByRole("form", { name: "Add endpoint" }).getByRole("button", { name: "Add endpoint" }).click();

  await expect(url).toHaveAttribute("aria-invalid", "true");
  const errorId = await url.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toContainText("credentials in the URL");
  expect(creates).toHaveLength(1);
  expect(await db().webhookEndpoint.count({ where: { accountId } })).toBe(0);
});

test("the submit button is disabled while the form is sent: two fast clicks issue one key", async ({ page }) => {
  const { id: accountId } = await signedInAccount(page);
  const creates = countCalls(page, "apiKeys.create");
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("Once");
  const issue = page.getByRole("button", { name: "Issue key" });
  await issue.dblclick();
  await expect(page.getByTestId("new-key")).toBeVisible();
  await expect(page.getByTestId("key-row")).toHaveCount(1);
  expect(creates).toHaveLength(1);
  expect(await db().apiKey.count({ where: { accountId, name: "Once" } })).toBe(1);
});

test.describe("in Russian", () => {
  test.use({ locale: "ru-RU" });

  test("the browser's messages read by issue kind, as the server words them for Russian", async ({ page }) => {
    const signUps = countCalls(page, "account.signUp");
    await page.goto("/signup");
    await page.locator('input[name="email"]').fill("not-an-address");
    await page.locator('input[name="password"]').fill("short");
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "Введите адрес электронной почты." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Введите не меньше 10 символов." })).toBeVisible();
    expect(signUps).toHaveLength(0);
  });
});

test("in Russian, a rule of the schema's own reads as its own sentence: alert thresholds, the test balance request", async ({
  page,
  context,
}) => {
  // Signed in in English, then the language switcher's cookie turns the dashboard Russian.
  await signedInAccount(page);
  await context.addCookies([{ name: "locale", value: "ru", url: BASE_URL }]);
  const saves = countCalls(page, "alerts.set");
  const requests = countCalls(page, "testBalance.request");
  await page.goto("/dashboard/billing");
  await page.locator('input[name="lowBalanceThreshold"]').fill("десять");
  await page.locator('input[name="monthlySpendThreshold"]').fill("0");
  await page.locator('input[name="monthlySpendThreshold"]').press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Введите сумму в долларах, например 10 или 10.50" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Введите сумму больше $0 или оставьте поле пустым." })).toBeVisible();
  expect(saves).toHaveLength(0);

  await page.goto("/dashboard/test-balance");
  await page.locator('textarea[name="useCase"]').fill("коротко");
  await page.locator('form:has(textarea[name="useCase"]) button[type="submit"]').click();
  await expect(page.getByRole("alert").filter({ hasText: "Опишите задачу хотя бы в 20 символах." })).toBeVisible();
  expect(requests).toHaveLength(0);
});
