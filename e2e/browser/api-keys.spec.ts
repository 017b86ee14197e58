import { expect, test } from "./support/test";
import { BASE_URL, callApi, db } from "../support/fixtures";
import { sameOrigin } from "../support/sessions";
import { signedInAccount } from "./support/session";

async function statusWith(key: string) {
  const res = await callApi(key, "/api/v1/models");
  const body = await res.json();
  return { status: res.status, code: body?.error?.code as string | undefined };
}

test("issue a key (shown once, copyable), list it, and revoke it: the API refuses it at once", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await signedInAccount(page);
  await page.goto("/dashboard/api-keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  const status = page.getByTestId("key-status");
  await expect(status.getByText("not issued")).toBeVisible();
  await expect(status.getByRole("link", { name: "Quick start" })).toHaveAttribute("href", "/dashboard/quickstart");
  await expect(page.getByText("No keys yet")).toBeVisible();

  // A name is required.
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Give the key a name" })).toBeVisible();

  await page.getByLabel("Key name").fill("CI server");
  await page.getByRole("button", { name: "Issue key" }).click();
  const reveal = page.getByTestId("new-key");
  await expect(reveal).toBeVisible();
  await expect(reveal).toContainText("You won't see it again");
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  expect(key).toMatch(/^vgk_[1-9A-HJ-NP-Za-km-z]{40}$/);

  await reveal.getByRole("button", { name: "Copy key" }).click();
  await expect(reveal.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.getByTestId("key-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("CI server");
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText("Never");
  // Dates in UTC like the rest of the dashboard, whatever the browser's time zone.
  const created = await db().apiKey.findFirstOrThrow({ where: { accountId: account.id } });
  await expect(row).toContainText(`${created.createdAt.toISOString().slice(0, 19).replace("T", " ")} UTC`);
  await expect(row.getByText("active")).toBeVisible();
  await expect(status.getByText("1 active")).toBeVisible();
  await expect(row).not.toContainText(key.slice(12));
  await reveal.getByRole("button", { name: "Done" }).click();
  await expect(reveal).toHaveCount(0);

  // The key works, and its last use shows after a reload; the full key is never shown again.
  expect((await statusWith(key)).status).toBe(200);
  await page.reload();
  await expect(row).toContainText("CI server");
  await expect(row).not.toContainText("Never");
  expect(await page.content()).not.toContain(key);

  // Revoke, with a confirmation that can be cancelled.
  await row.getByRole("button", { name: /^Revoke CI server/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Revoke “CI server”?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await statusWith(key)).status).toBe(200);

  await row.getByRole("button", { name: /^Revoke CI server/ }).click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(/^revoked/)).toBeVisible();
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await expect(status.getByText("not issued")).toBeVisible();
  expect(await statusWith(key)).toEqual({ status: 401, code: "invalid_api_key" });
});

test("rotate: a new key with the same name is shown once and the old one stops working", async ({ page }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("Production");
  await page.getByRole("button", { name: "Issue key" }).click();
  const oldKey = (await page.getByTestId("new-key-value").textContent())!.trim();
  await page.getByRole("button", { name: "Done" }).click();
  expect((await statusWith(oldKey)).status).toBe(200);

  await page.getByRole("button", { name: /^Rotate Production/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rotate key" }).click();
  await expect(page.getByTestId("new-key")).toContainText("Rotated");
  await expect(page.getByTestId("new-key")).toContainText("You won't see it again");
  const newKey = (await page.getByTestId("new-key-value").textContent())!.trim();
  expect(newKey).toMatch(/^vgk_/);
  expect(newKey).not.toBe(oldKey);

  const rows = page.getByTestId("key-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Production");
  await expect(rows.nth(0)).toContainText(`${newKey.slice(0, 12)}…`);
  await expect(rows.nth(0).getByText("active")).toBeVisible();
  await expect(rows.nth(1)).toContainText("Production");
  await expect(rows.nth(1)).toContainText(`${oldKey.slice(0, 12)}…`);
  await expect(rows.nth(1).getByText(/^revoked/)).toBeVisible();

  expect(await statusWith(oldKey)).toEqual({ status: 401, code: "invalid_api_key" });
  expect((await statusWith(newKey)).status).toBe(200);
});

test("keys of another account are invisible and cannot be revoked through the dashboard API", async ({ page, browser }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("Mine");
  await page.getByRole("button", { name: "Issue key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  const keyId = await page.getByTestId("key-row").getAttribute("data-key-id");

  const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await signedInAccount(other);
  await other.goto("/dashboard/api-keys");
  await expect(other.getByText("No keys yet")).toBeVisible();
  // A forged tRPC call with the first account's key id is refused and changes nothing.
  const res = await other.request.post("/api/trpc/apiKeys.revoke?batch=1", {
    headers: sameOrigin(BASE_URL),
    data: { 0: { json: { id: keyId } } },
  });
  expect(res.status()).toBe(404);
  await other.close();
  expect((await statusWith(key)).status).toBe(200);
});
