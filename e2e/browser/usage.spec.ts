import { expect, test } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db, waitForTerminal } from "../support/fixtures";
import { signedInAccount } from "./support/session";

test("today's requests, refusals by code, outcome and spend, with charts", async ({ page }) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  await page.goto("/dashboard/usage");
  await expect(page.getByText("No requests in this period")).toBeVisible();

  const { key, record } = await issueApiKey(db(), account.id, "stats key");
  // One refused (400 unknown_parameter: a typo'd field) and one accepted.
  const bad = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "typo", aspect_ratio: "16:9", stream: false },
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.code).toBe("unknown_parameter");
  const ok = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "stats clip", duration: 1, stream: false },
  });
  expect(ok.status).toBe(202);
  const rec = await ok.json();
  expect((await waitForTerminal({ ...account, key, call: (p, init) => callApi(key, p, init) }, rec.id)).status).toBe("completed");

  await page.reload();
  const today = new Date().toISOString().slice(0, 10);
  const row = page.getByTestId("usage-by-day-row").and(page.locator(`[data-key="${today}"]`));
  await expect(row.locator('[data-col="requests"]')).toHaveText("2");
  await expect(row.locator('[data-col="accepted"]')).toHaveText("1");
  await expect(row.locator('[data-col="refused"]')).toHaveText("1");
  await expect(row.locator('[data-col="codes"]')).toContainText("unknown_parameter 1");
  await expect(row.locator('[data-col="completed"]')).toHaveText("1");
  await expect(row.locator('[data-col="failed"]')).toHaveText("0");
  await expect(row.locator('[data-col="seconds"]')).toHaveText("4");
  await expect(row.locator('[data-col="spend"]')).toHaveText("$0.60");
  await expect(row.locator('[data-col="p50"]')).toHaveText(/^\d+ ms$/);
  await expect(page.getByTestId("total-requests")).toHaveText("2");
  await expect(page.getByTestId("total-spend")).toHaveText("$0.60");
  await expect(page.getByTestId("usage-by-day-row")).toHaveCount(7);

  // By model: the accepted request is tagged with its model; the refused typo named none that was checked.
  const fast = page.getByTestId("usage-by-model-row").and(page.locator('[data-key="gen-3.1-fast"]'));
  await expect(fast.locator('[data-col="accepted"]')).toHaveText("1");
  await expect(fast.locator('[data-col="spend"]')).toHaveText("$0.60");
  // By key.
  const byKey = page.getByTestId("usage-by-key-row").and(page.locator(`[data-key="${record.id}"]`));
  await expect(byKey.locator('[data-col="requests"]')).toHaveText("2");
  await expect(byKey).toContainText("stats key");

  // The three charts render as SVG.
  for (const id of ["chart-requests", "chart-spend", "chart-latency"]) {
    await expect(page.getByTestId(id).locator("svg.recharts-surface").first()).toBeVisible();
  }
  await expect(
    page.getByTestId("chart-requests").locator(".recharts-bar-rectangle path, .recharts-rectangle").first(),
  ).toBeAttached();

  // Other periods and filters.
  await page.getByRole("button", { name: "30 days" }).click();
  await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("usage-by-day-row")).toHaveCount(30);
  await page.getByLabel("Model", { exact: true }).selectOption("gen-3.1-pro");
  await expect(page.getByText("No requests in this period")).toBeVisible();
  await page.getByLabel("Model", { exact: true }).selectOption("gen-3.1-fast");
  await expect(page.getByTestId("total-requests")).toHaveText("1");
  await page.getByLabel("Model", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page.getByTestId("total-requests")).toHaveText("2");
  await page.screenshot({ path: test.info().outputPath("usage.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("usage-mobile.png"), fullPage: true });
});
