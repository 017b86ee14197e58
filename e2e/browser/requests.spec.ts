import { expect, test, type Page } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db, newAccount, waitForTerminal } from "../support/fixtures";
import { signedInAccount } from "./support/session";

/** Request logs are written in batches a moment after the response: wait until they are stored. */
async function storedRequests(accountId: string, count: number, path?: string) {
  await expect.poll(() => db().requestLog.count({ where: { accountId, path } }), { timeout: 10_000 }).toBe(count);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const generation = (prompt: string) => ({ model: "gen-3.1-fast", prompt, duration: 1, stream: false });

test("request log: every request of the account, filtered by status, key, operation and days, with a detail page", async ({
  page,
}) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Requests", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Requests", level: 1 })).toBeVisible();
  await expect(page.getByText("Requests are kept for 90 days, then deleted.")).toBeVisible();
  await expect(page.getByText("No requests yet")).toBeVisible();

  const a = await issueApiKey(db(), account.id, "log key A");
  const b = await issueApiKey(db(), account.id, "log key B");
  expect((await callApi(a.key, "/api/v1/models")).status).toBe(200);
  const typo = await callApi(a.key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "typo", aspect_ratio: "16:9", stream: false },
  });
  expect(typo.status).toBe(400);
  const typoRequestId = typo.headers.get("x-request-id")!;
  const missing = await callApi(b.key, "/api/v1/videos/result", { method: "POST", json: { id: "vid_doesnotexist" } });
  expect(missing.status).toBe(404);
  const accepted = await callApi(a.key, "/api/v1/videos/generations", { method: "POST", json: generation("log clip") });
  expect(accepted.status).toBe(202);
  const generationId = (await accepted.json()).id as string;
  await storedRequests(account.id, 4);
  // Another account's request never shows here.
  const stranger = await newAccount();
  await stranger.call("/api/v1/models");
  await storedRequests(stranger.id, 1);
  const strangerRequest = await db().requestLog.findFirstOrThrow({ where: { accountId: stranger.id } });

  await page.reload();
  const rows = page.getByTestId("request-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText("POST /api/v1/videos/generations");
  await expect(rows.first()).toContainText("202");
  await expect(rows.first()).toContainText("log key A");

  await page.getByLabel("Status", { exact: true }).selectOption("4xx");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("requests-table")).toContainText("unknown_parameter");
  await expect(page.getByTestId("requests-table")).toContainText("generation_not_found");
  await page.getByLabel("API key", { exact: true }).selectOption({ label: `log key B (${b.record.prefix}…)` });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("/api/v1/videos/result");
  await page.getByLabel("API key", { exact: true }).selectOption("");
  await page.getByLabel("Status", { exact: true }).selectOption("");
  await page.getByLabel("Operation", { exact: true }).selectOption("/api/v1/videos/generations");
  await expect(rows).toHaveCount(2);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(tomorrow);
  await expect(page.getByText("No requests match these filters")).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await expect(rows).toHaveCount(2);

  // The detail of the refused request, and back to the same filtered list.
  await page.locator('[data-testid="request-row"][data-status="400"]').getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/requests/${typoRequestId}\\?`));
  const detail = page.getByTestId("request-detail");
  await expect(detail).toContainText("400");
  await expect(detail).toContainText("unknown_parameter");
  await expect(detail).toContainText("log key A");
  await expect(detail).toContainText(typoRequestId);
  await expect(detail.getByRole("link", { name: "unknown_parameter" })).toHaveAttribute("href", "/errors#unknown_parameter");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.getByRole("link", { name: "← All requests" }).click();
  await expect(page.getByLabel("Operation", { exact: true })).toHaveValue("/api/v1/videos/generations");
  await expect(rows).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("requests-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The accepted request links its generation.
  await page.getByLabel("Status", { exact: true }).selectOption("2xx");
  await rows.first().getByRole("link").click();
  await expect(page.getByTestId("request-detail").getByRole("link", { name: generationId })).toBeVisible();

  // Another account's request is as absent as an unknown one.
  await page.goto(`/dashboard/requests/${strangerRequest.id}`);
  await expect(page.getByRole("alert").filter({ hasText: "No request" })).toBeVisible();
  await expect(page.getByTestId("request-detail")).toHaveCount(0);
});

test("request detail: the bodies sent and answered, formatted, with the key a body carried redacted", async ({ page }) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  const { key } = await issueApiKey(db(), account.id, "body key");
  const accepted = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: generation(`a lighthouse; deploy token ${key}`),
  });
  expect(accepted.status).toBe(202);
  const generationId = (await accepted.json()).id as string;
  await storedRequests(account.id, 1);

  await page.goto(`/dashboard/requests/${accepted.headers.get("x-request-id")}`);
  await expect(page.getByTestId("request-body")).toContainText('"model": "gen-3.1-fast"');
  await expect(page.getByTestId("request-body")).toContainText("a lighthouse; deploy token [redacted]");
  await expect(page.getByTestId("response-body")).toContainText(`"id": "${generationId}"`);
  await expect(page.getByTestId("response-body")).toContainText("[redacted]");
  await expect(page.getByRole("button", { name: "Copy request body" })).toBeVisible();
  // The code block scrolls inside itself, so it is named and in the tab order.
  await expect(page.getByTestId("request-body")).toHaveAttribute("tabindex", "0");
  await expect(page.getByTestId("request-body")).toHaveAccessibleName("Request body");
  // The key's text is nowhere on the page, nor in what the page loaded.
  expect(await page.content()).not.toContain(key);
  expect(await page.content()).not.toContain(key.slice(4));
});

test("overview: balance and Add funds, this month's spend against last month, chart, recent generations and errors, key status", async ({
  page,
}) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  await expect(page.getByTestId("overview-balance")).toHaveText("$5.00");
  await expect(page.getByRole("link", { name: "Add funds" })).toHaveAttribute("href", "/dashboard/invoices");
  const keyStatus = page.getByTestId("overview-key-status");
  await expect(keyStatus.getByText("not issued")).toBeVisible();
  await expect(keyStatus.getByRole("link", { name: "Quick start" })).toHaveAttribute("href", "/dashboard/quickstart");
  await expect(page.getByTestId("overview-month-spend")).toHaveText("$0.00");
  await expect(page.getByText("No generations yet")).toBeVisible();
  await expect(page.getByText("No errors in the request log")).toBeVisible();

  const { key } = await issueApiKey(db(), account.id, "overview key");
  const refused = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "typo", aspect_ratio: "16:9", stream: false },
  });
  expect(refused.status).toBe(400);
  const ok = await callApi(key, "/api/v1/videos/generations", { method: "POST", json: generation("overview clip") });
  expect(ok.status).toBe(202);
  const id = (await ok.json()).id as string;
  const done = await waitForTerminal({ ...account, key, call: (p, init) => callApi(key, p, init) }, id);
  expect(done.status).toBe("completed");
  await storedRequests(account.id, 2, "/api/v1/videos/generations");

  await page.reload();
  await expect(keyStatus).toContainText("1 active key");
  // One 4-second clip at $0.150/s, charged this month; nothing last month.
  await expect(page.getByTestId("overview-month-spend")).toHaveText("$0.60");
  await expect(page.getByTestId("overview-month-seconds")).toHaveText("4 s");
  await expect(page.getByTestId("overview-month-generations")).toHaveText("1");
  await expect(page.getByTestId("overview-month-spend-versus")).toContainText("$0.00 in");
  await expect(page.getByTestId("overview-balance")).toHaveText("$4.40");
  const today = new Date().toISOString().slice(0, 10);
  const chart = page.getByTestId("overview-usage-chart");
  await expect(chart.getByRole("img", { name: /Spend per day/ })).toBeVisible();
  await expect(chart.locator(`rect[data-day="${today}"] title`)).toHaveText(`${today}: $0.60`);
  await expect(chart.getByRole("row", { name: `${today} $0.60` })).toBeAttached();

  const recent = page.getByTestId("overview-recent-generations");
  await expect(recent.getByRole("listitem")).toHaveCount(1);
  await expect(recent).toContainText("completed");
  await expect(recent).toContainText("overview clip");
  const errors = page.getByTestId("overview-recent-errors");
  await expect(errors.getByRole("listitem")).toHaveCount(1);
  await expect(errors).toContainText("unknown_parameter");
  await errors.getByRole("link").click();
  await expect(page.getByTestId("request-detail")).toContainText("unknown_parameter");

  await page.goto("/dashboard");
  await expect(page.getByTestId("overview-month-spend")).toHaveText("$0.60");
  await page.screenshot({ path: test.info().outputPath("overview.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("overview-usage-chart")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("overview-mobile.png"), fullPage: true });
});
