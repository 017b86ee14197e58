import { expect, test } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

const FAST = { model: "gen-3.1-fast", prompt: "subscription ui", duration: 1, stream: false };

test("subscribe, pause (API refuses with subscription_paused), set a cap, resume, clear the cap", async ({ page }) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  const { key } = await issueApiKey(db(), account.id, "subs");
  await page.goto("/dashboard/subscriptions");
  await expect(page.getByText("No subscriptions yet")).toBeVisible();

  // Add a model from the catalog: free, worded so it does not read like a paid plan.
  await expect(page.getByText("Adding one is free")).toBeVisible();
  await page.getByRole("button", { name: "Add gen-3.1-fast (free)" }).click();
  const card = page.getByTestId("subscription").and(page.locator('[data-model="gen-3.1-fast"]'));
  await expect(card).toBeVisible();
  await expect(page.getByRole("button", { name: "Add gen-3.1-fast (free)" })).toHaveCount(0);
  await expect(card.getByTestId("subscription-status")).toHaveText("Active");
  await expect(card).toContainText("$0.150 / s");
  await expect(card).toContainText("25 requests / s");
  await expect(card).toContainText("4 s");
  await expect(card.getByTestId("subscription-cap")).toHaveText("No cap");

  // Pause through the UI; the API then refuses.
  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByTestId("subscription-status")).toHaveText("Paused");
  await expect(card.getByRole("status")).toContainText("Paused");
  const refused = await callApi(key, "/api/v1/videos/generations", { method: "POST", json: FAST });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.code).toBe("subscription_paused");
  expect(await db().generation.count({ where: { accountId: account.id } })).toBe(0);

  // A malformed cap is refused in the form; a valid one is saved.
  const capField = card.getByLabel("Set a cap (USD)");
  await capField.fill("1.2.3");
  await card.getByRole("button", { name: "Save cap" }).click();
  await expect(card.getByRole("alert")).toContainText("dollar amount");
  await capField.fill("1.00");
  await card.getByRole("button", { name: "Save cap" }).click();
  await expect(card.getByTestId("subscription-cap")).toHaveText("$1.00 a month");
  const saved = await db().subscription.findUniqueOrThrow({
    where: { accountId_modelId: { accountId: account.id, modelId: "gen-3.1-fast" } },
  });
  expect(saved.monthlySpendCapMicros).toBe(1_000_000n);
  expect(saved.status).toBe("paused");

  // Resume; one $0.60 generation fits under the cap, a second does not.
  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByTestId("subscription-status")).toHaveText("Active");
  const accepted = await callApi(key, "/api/v1/videos/generations", { method: "POST", json: FAST });
  expect(accepted.status).toBe(202);
  const capped = await callApi(key, "/api/v1/videos/generations", { method: "POST", json: FAST });
  expect(capped.status).toBe(403);
  expect((await capped.json()).error.code).toBe("spend_limit_reached");

  // This month's usage is reflected.
  await page.reload();
  await expect(card.getByTestId("month-generations")).toContainText("1");
  await expect(card.getByTestId("month-spend")).toContainText("$0.60");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "60");
  await page.screenshot({ path: test.info().outputPath("subscriptions.png"), fullPage: true });

  // Clear the cap.
  await card.getByRole("button", { name: "Remove cap" }).click();
  await expect(card.getByTestId("subscription-cap")).toHaveText("No cap");
  expect((await db().subscription.findUniqueOrThrow({ where: { id: saved.id } })).monthlySpendCapMicros).toBeNull();
});

test("the subscription created at first API use is listed", async ({ page }) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  const { key } = await issueApiKey(db(), account.id, "first use");
  const res = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { ...FAST, model: "gen-3-1080", duration: 3 },
  });
  expect(res.status).toBe(202);
  await page.goto("/dashboard/subscriptions");
  const card = page.getByTestId("subscription").and(page.locator('[data-model="gen-3-1080"]'));
  await expect(card.getByTestId("subscription-status")).toHaveText("Active");
  await expect(card).toContainText("$0.320 / s");
  await expect(card.getByTestId("month-spend")).toContainText("$0.96");
  await expect(page.getByRole("button", { name: "Add gen-3-1080 (free)" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add gen-3.1-pro (free)" })).toBeVisible();
});
