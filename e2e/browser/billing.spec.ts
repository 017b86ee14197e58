import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./support/test";
import { creditAccount } from "@vgen/engine/billing";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db, waitForTerminal } from "../support/fixtures";
import { signedInAccount } from "./support/session";

async function downloadCsv(page: Page): Promise<string[][]> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const text = await readFile(file, "utf8");
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

test("balance, hold and charge in the ledger with balance after, type filter and CSV export", async ({ page }) => {
  const account = await signedInAccount(page, { balance: "5.00" });
  const { key } = await issueApiKey(db(), account.id, "billing e2e");
  const res = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "ledger test", duration: 1, stream: false },
  });
  expect(res.status).toBe(202);
  const rec = await res.json();
  const final = await waitForTerminal({ ...account, key, call: (p, init) => callApi(key, p, init) }, rec.id);
  expect(final.status).toBe("completed");

  await page.goto("/dashboard/billing");
  await expect(page.getByRole("heading", { name: "Balance & history" })).toBeVisible();
  await expect(page.getByTestId("available-balance")).toHaveText("$4.40");
  await expect(page.getByTestId("held-balance")).toHaveText("$0.00");

  // The generation's hold, release and charge read as one line: what it cost.
  const rows = page.getByTestId("ledger-row");
  await expect(rows).toHaveCount(2);
  const cells = (trs: Element[]) =>
    trs.map((tr) => [
      tr.getAttribute("data-type"),
      tr.querySelector('[data-testid="ledger-amount"]')!.textContent,
      tr.querySelector('[data-testid="ledger-balance-after"]')!.textContent,
    ]);
  expect(await rows.evaluateAll(cells)).toEqual([
    ["generation", "-$0.60", "$4.40"],
    ["top_up", "+$5.00", "$5.00"],
  ]);
  await expect(rows.first().getByRole("link", { name: rec.id })).toHaveAttribute("href", new RegExp(rec.id));
  await expect(rows.last()).toContainText("test setup");

  // Its disclosure button expands it into the movements, oldest first, and collapses it (keyboard too).
  const entries = page.getByTestId("ledger-entry-row");
  const toggle = rows.first().getByRole("button", { name: "Charged $0.60 3 entries", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(entries).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(await entries.evaluateAll(cells)).toEqual([
    ["hold", "-$0.60", "$4.40"],
    ["hold_release", "+$0.60", "$5.00"],
    ["charge", "-$0.60", "$4.40"],
  ]);
  const controlled = (await toggle.getAttribute("aria-controls"))!.split(" ");
  expect(controlled).toEqual(await entries.evaluateAll((trs) => trs.map((tr) => tr.id)));
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(entries).toHaveCount(0);
  await page.keyboard.press("Space");
  await expect(entries).toHaveCount(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("billing-grouped-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Filter by type: the generation's line has a charge.
  await page.getByLabel("Type").selectOption("charge");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-type", "generation");

  // The CSV export follows the same filters.
  const filtered = await downloadCsv(page);
  expect(filtered[0]).toEqual([
    "id",
    "time",
    "type",
    "amount",
    "amount_micros",
    "balance_after",
    "balance_after_micros",
    "generation_id",
    "reference",
    "reason",
  ]);
  expect(filtered).toHaveLength(2);
  expect(filtered[1]!.slice(2, 8)).toEqual(["charge", "-$0.600", "-600000", "$4.400", "4400000", rec.id]);

  await page.getByLabel("Type").selectOption("");
  await expect(rows).toHaveCount(2);
  const all = await downloadCsv(page);
  expect(all.slice(1).map((r) => [r[2], r[4], r[6]])).toEqual([
    ["charge", "-600000", "4400000"],
    ["hold_release", "600000", "5000000"],
    ["hold", "-600000", "4400000"],
    ["top_up", "5000000", "5000000"],
  ]);
  expect(all[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

  // A date range that ends before today shows nothing (and the empty state says so).
  await page.getByLabel("To").fill("2020-01-01");
  await expect(page.getByText("No operations match these filters")).toBeVisible();
  const none = await downloadCsv(page);
  expect(none).toHaveLength(1);
  await page.screenshot({ path: test.info().outputPath("billing-empty-filter.png"), fullPage: true });
});

test("cursor pagination through a long history; the CSV route needs a session", async ({ page, request }) => {
  const account = await signedInAccount(page);
  for (let i = 1; i <= 30; i++) {
    await creditAccount(db(), {
      accountId: account.id,
      amountMicros: BigInt(i) * 1_000_000n,
      type: "test_credit",
      reason: `credit ${i}`,
      actor: "test",
    });
  }
  await page.goto("/dashboard/billing");
  const rows = page.getByTestId("ledger-row");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("credit 30");
  await expect(page.getByTestId("available-balance")).toHaveText("$465.00");
  await page.screenshot({ path: test.info().outputPath("billing.png"), fullPage: true });

  await page.getByRole("button", { name: "Older →" }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("credit 5");
  await expect(rows.last()).toContainText("credit 1");
  await expect(page.getByRole("button", { name: "Older →" })).toBeDisabled();
  await page.getByRole("button", { name: "← Newer" }).click();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("credit 30");

  // Without the session cookie the export is refused.
  const anonymous = await request.get("/api/dashboard/ledger.csv");
  expect(anonymous.status()).toBe(401);
});

test("a new account sees an empty history", async ({ page }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/billing");
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(page.getByText("No operations yet")).toBeVisible();
});
