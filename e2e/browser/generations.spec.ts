import { expect, test, type Page } from "./support/test";
import { newId } from "@vgen/db";
import { issueApiKey } from "@vgen/engine/accounts";
import { refundGeneration } from "@vgen/engine/support";
import { callApi, db, newAccount } from "../support/fixtures";
import { signedInAccount } from "./support/session";

/**
 * Two clips sent through the API with a named key and rendered, plus one that failed (written
 * directly: a render failure cannot be asked for), so the list has statuses to filter.
 */
async function accountWithGenerations(page: Page) {
  const acct = await signedInAccount(page, { balance: "10.00" });
  const { key } = await issueApiKey(db(), acct.id, "gens spec key");
  const create = async (prompt: string) => {
    const res = await callApi(key, "/api/v1/videos/generations", {
      method: "POST",
      json: { stream: false, model: "gen-3.1-fast", prompt, duration: 1, aspectRatio: "9:16" },
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  const lighthouse = await create("A lighthouse in a storm, generations spec");
  const meadow = await create("A quiet meadow at dawn, generations spec");
  await expect
    .poll(async () => db().generation.count({ where: { accountId: acct.id, status: "completed" } }), { timeout: 90_000 })
    .toBe(2);
  const failed = newId("vid");
  await db().generation.create({
    data: {
      id: failed,
      accountId: acct.id,
      modelId: "gen-3.1-fast",
      status: "failed",
      prompt: "A clip that failed, generations spec",
      duration: 4,
      size: "720p",
      aspectRatio: "16:9",
      width: 1280,
      height: 720,
      priceMicrosPerSecond: 150_000n,
      billedSeconds: 4,
      costMicros: 600_000n,
      queue: "standard",
      seed: 1,
      etaSecondsAtAccept: 10,
      errorCode: "render_failed",
      errorMessage: "The renderer stopped.",
      completedAt: new Date(),
    },
  });
  return { acct, lighthouse, meadow, failed };
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name}: list, filter, search, open a generation, run it again`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { lighthouse, meadow, failed } = await accountWithGenerations(page);

    if (viewport.name === "desktop") {
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Generations" }).click();
    } else {
      await page.goto("/dashboard/generations");
    }
    await page.waitForURL("**/dashboard/generations");
    await expect(page.getByRole("heading", { name: "Generations", level: 1 })).toBeVisible();
    const rows = page.getByTestId("generation-row");
    // Newest first: the failed one was written last.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(failed);
    await expect(rows.nth(1)).toContainText(meadow);
    await expect(rows.nth(2)).toContainText(lighthouse);
    // Completed clips show their poster frame: lazy, sized up front, described, and really loaded.
    const thumb = rows.nth(2).getByRole("img", { name: "Frame of the clip: A lighthouse in a storm, generations spec" });
    await expect(thumb).toHaveAttribute("src", new RegExp(`/cdn/${lighthouse}\\.jpg$`));
    await expect(thumb).toHaveAttribute("loading", "lazy");
    await expect(thumb).toHaveAttribute("width", "720");
    await expect(thumb).toHaveAttribute("height", "1280");
    await thumb.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, 720, 1280]);
    const box = await thumb.boundingBox();
    expect(box?.width).toBeGreaterThan(40);
    expect(box!.height / box!.width).toBeCloseTo(9 / 16, 1);
    await expect(page.getByTestId("generation-thumbnail")).toHaveCount(2);
    await expect(rows.nth(0).getByRole("img")).toHaveCount(0);
    await expect(rows.nth(2)).toContainText("gens spec key");
    await expectNoHorizontalScroll(page);

    await page.getByLabel("Status").selectOption("failed");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-status", "failed");
    await page.getByLabel("Status").selectOption("completed");
    await expect(rows).toHaveCount(2);

    await page.getByRole("searchbox", { name: "Search" }).fill("LIGHTHOUSE");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(lighthouse);
    await page.getByRole("searchbox", { name: "Search" }).fill(meadow);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(meadow);
    await page.getByRole("button", { name: "Clear filters and search" }).click();
    await expect(rows).toHaveCount(3);
    // A range that ends before it starts is refused under its end, by the list procedure's schema.
    await page.getByLabel("To").fill("2020-01-01");
    await page.getByLabel("From").fill("2020-01-02");
    const rangeError = page.getByRole("alert").filter({ hasText: "The start date is after the end date." });
    await expect(rangeError).toBeVisible();
    await page.getByRole("button", { name: "Clear filters and search" }).click();
    await expect(rangeError).toHaveCount(0);
    await expect(rows).toHaveCount(3);

    // The failed one: its timeline ends with the error.
    await rows.nth(0).getByRole("link").click();
    await page.waitForURL(`**/dashboard/generations/${failed}`);
    const failedTimeline = page.getByTestId("generation-timeline");
    await expect(failedTimeline).toContainText("Created");
    await expect(failedTimeline).toContainText("Failed");
    await expect(failedTimeline.getByRole("link", { name: "render_failed" })).toBeVisible();
    await expect(failedTimeline).toContainText("The renderer stopped.");
    await page.getByRole("link", { name: "← All generations" }).click();

    await page.getByRole("link", { name: "A lighthouse in a storm, generations spec" }).click();
    await page.waitForURL(`**/dashboard/generations/${lighthouse}`);
    await expect(page.getByTestId("detail-status")).toHaveText("completed");
    await expect(page.getByTestId("result-video")).toHaveAttribute("src", /\/cdn\/.+\.mp4$/);
    await expect(page.getByTestId("result-video")).toHaveAttribute("poster", new RegExp(`/cdn/${lighthouse}\\.jpg$`));
    await expect(page.getByRole("link", { name: "Download MP4" })).toHaveAttribute("download", "");
    await expect(page.getByRole("link", { name: "Download MP4" })).toHaveAttribute("href", /\/cdn\/.+\.mp4\?download$/);
    const inputs = page.getByTestId("generation-inputs");
    await expect(inputs).toContainText("A lighthouse in a storm, generations spec");
    await expect(inputs).toContainText("gens spec key");
    const timeline = page.getByTestId("generation-timeline");
    await expect(timeline).toContainText("Created");
    await expect(timeline).toContainText("Started");
    await expect(timeline).toContainText("Completed");
    // Held, released, charged: a 1 s clip bills the 4 s minimum at $0.150.
    const ledger = page.getByTestId("generation-ledger-row");
    await expect(ledger).toHaveCount(3);
    await expect(page.getByTestId("generation-ledger")).toContainText("-$0.60");
    expect((await ledger.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-type")))).sort()).toEqual(
      ["charge", "hold", "hold_release"].sort(),
    );
    await expectNoHorizontalScroll(page);

    await page.getByRole("link", { name: "Run again" }).click();
    await page.waitForURL("**/dashboard/playground?**");
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("A lighthouse in a storm, generations spec");
    await expect(page.getByLabel("Model")).toHaveValue("gen-3.1-fast");
    await expect(page.getByLabel("Duration")).toHaveValue("1");
    await expect(page.getByLabel("Aspect ratio")).toHaveValue("9:16");
    await expect(page.getByTestId("price-estimate")).toHaveText("$0.60");
    await page.screenshot({ path: test.info().outputPath(`generations-${viewport.name}.png`), fullPage: true });
  });
}

test("a refunded generation says so in the list and on its page, not 'Charged'", async ({ page }) => {
  test.setTimeout(180_000);
  const acct = await signedInAccount(page, { balance: "10.00" });
  const { key } = await issueApiKey(db(), acct.id, "refund spec key");
  const create = async (prompt: string) => {
    const res = await callApi(key, "/api/v1/videos/generations", {
      method: "POST",
      json: { stream: false, model: "gen-3.1-fast", prompt, duration: 1 },
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  const whole = await create("Refunded in full, generations spec");
  const part = await create("Refunded in part, generations spec");
  await expect
    .poll(async () => db().generation.count({ where: { accountId: acct.id, status: "completed" } }), { timeout: 90_000 })
    .toBe(2);
  const staff = await newAccount();
  // Each clip is charged $0.60 (the 4 s minimum at $0.150); staff give back all of one and $0.25 of the other.
  await refundGeneration(db(), { generationId: whole, actorId: staff.id, reason: "Output was corrupted" });
  await refundGeneration(db(), { generationId: part, actorId: staff.id, reason: "Late delivery", amountMicros: 250_000n });

  await page.goto("/dashboard/generations");
  const rows = page.getByTestId("generation-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: whole })).toContainText("Refunded $0.60");
  await expect(rows.filter({ hasText: part })).toContainText("$0.60, $0.25 refunded");

  await page.goto(`/dashboard/generations/${whole}`);
  const inputs = page.getByTestId("generation-inputs");
  await expect(inputs).toContainText("Refunded$0.60, the whole charge");
  await expect(inputs).not.toContainText("Charged");
  await expect(page.locator('[data-testid="generation-ledger-row"][data-type="refund"]')).toContainText("+$0.60");

  await page.goto(`/dashboard/generations/${part}`);
  await expect(inputs).toContainText("Charged$0.60");
  await expect(inputs).toContainText("Refunded$0.25");
});

test("a failed dashboard call shows its error on the page and logs nothing to the browser console", async ({ page }) => {
  await signedInAccount(page);
  const logged: string[] = [];
  page.on("console", (m) => logged.push(m.text()));
  await page.goto("/dashboard/generations/vid_doesnotexist");
  // (The query is retried first, as React Query does by default.)
  await expect(page.getByText("No generation 'vid_doesnotexist' for this account.")).toBeVisible({ timeout: 20_000 });
  // A production build has no tRPC loggerLink: no "<< query generations.get" dump.
  expect(logged.filter((t) => t.includes("generations.get") || t.includes("<<"))).toEqual([]);
});
