import { expect, test, type Locator, type Page } from "./support/test";
import { issueApiKey } from "@vgen/engine/accounts";
import { callApi, db } from "../support/fixtures";
import { signedInAccount } from "./support/session";

/** The page itself never scrolls sideways: a wide table scrolls inside its own region. */
async function expectNoPageScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * The cell is shown and lies wholly within the screen's width and its table's scroll region, as the page
 * opens: nobody has to scroll sideways to read it.
 */
async function expectOnScreen(cell: Locator) {
  await expect(cell).toBeVisible();
  const box = await cell.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const region = el.closest("section[tabindex]")?.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      min: Math.max(0, region?.left ?? 0),
      max: Math.min(window.innerWidth, region?.right ?? window.innerWidth),
    };
  });
  expect(box.left, `${cell} starts on screen`).toBeGreaterThanOrEqual(box.min - 0.5);
  expect(box.right, `${cell} ends on screen`).toBeLessThanOrEqual(box.max + 0.5);
}

/** Every column header of the table is shown. */
async function expectAllColumns(table: Locator) {
  await expect(table).toBeVisible();
  const headers = table.getByRole("columnheader");
  const count = await headers.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(headers.nth(i)).toBeVisible();
}

test("dashboard tables: the key column on a phone without sideways page scroll, every column on a wide screen", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signedInAccount(page, { balance: "5.00" });
  const { key } = await issueApiKey(db(), account.id, "a key with a rather long name for a narrow screen");
  // A refused request with a long path, and a generation that completes (its hold, release and charge rows).
  const refused = (await callApi(key, "/api/v1/videos/generations/vid_doesnotexist_with_a_long_id/events")).status;
  expect(refused).toBeGreaterThanOrEqual(400);
  const ok = await callApi(key, "/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "A paper boat drifting down a rainy street, tables spec", duration: 1, stream: false },
  });
  expect(ok.status).toBe(202);
  const { id } = await ok.json();
  // Watched in the database, not by polling the API, so the request log holds just these two requests.
  await expect
    .poll(async () => (await db().generation.findUniqueOrThrow({ where: { id } })).status, { timeout: 90_000 })
    .toBe("completed");
  // Request logs are written in batches a moment after the response.
  await expect
    .poll(() => db().requestLog.count({ where: { accountId: account.id, status: refused } }), { timeout: 10_000 })
    .toBe(1);

  // Each list page, its table and the cell a person looks for first.
  const pages: { path: string; table: (p: Page) => Locator; keyCell: (p: Page) => Locator }[] = [
    {
      path: "/dashboard/requests",
      table: (p) => p.getByTestId("requests-table"),
      keyCell: (p) => p.locator(`[data-testid="request-row"][data-status="${refused}"] [data-col="status"]`),
    },
    {
      path: "/dashboard/generations",
      table: (p) => p.getByTestId("generations-table"),
      keyCell: (p) => p.getByTestId("generation-row").first().locator('[data-col="status"]'),
    },
    {
      path: `/dashboard/generations/${id}`,
      table: (p) => p.getByTestId("generation-ledger"),
      keyCell: (p) => p.getByTestId("generation-ledger-row").first().locator('[data-col="amount"]'),
    },
    {
      path: "/dashboard/billing",
      table: (p) => p.getByTestId("ledger-table"),
      keyCell: (p) => p.getByTestId("ledger-row").first().getByTestId("ledger-amount"),
    },
    {
      path: "/dashboard/api-keys",
      table: (p) => p.getByRole("table", { name: "API keys of this account" }),
      keyCell: (p) => p.getByTestId("key-row").first().locator('[data-col="status"]'),
    },
    {
      path: "/dashboard/usage",
      table: (p) => p.getByTestId("usage-by-day"),
      keyCell: (p) => p.getByTestId("usage-by-day-row").first().locator('[data-col="label"]'),
    },
  ];

  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path, table, keyCell } of pages) {
    await page.goto(path);
    await expect(table(page)).toBeVisible();
    await expectNoPageScroll(page);
    await expectOnScreen(keyCell(page));
  }
  // The request log keeps what a phone needs: time, request and status.
  await page.goto("/dashboard/requests");
  const row = page.locator(`[data-testid="request-row"][data-status="${refused}"]`);
  for (const col of ["time", "request", "status"]) await expectOnScreen(row.locator(`[data-col="${col}"]`));
  await expect(row.locator('[data-col="latency"]')).toBeHidden();
  // The whole row opens the request, and its link is reachable by keyboard.
  await expect(row.getByRole("link")).toHaveAttribute("href", /\/dashboard\/requests\//);

  await page.setViewportSize({ width: 1440, height: 900 });
  for (const { path, table } of pages) {
    await page.goto(path);
    await expectAllColumns(table(page));
    await expectNoPageScroll(page);
  }
});
