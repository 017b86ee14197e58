// A developer's first minute (docs/api.md#test-mode): sign up, and the quick start shows a test key
// and a curl that works verbatim; that exact text, run by a shell, makes a video that plays in the
// dashboard — all in under 60 seconds, with a $0 balance and no email verification.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "./support/test";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";
import { TEST_PASSWORD } from "./support/session";

const run = promisify(execFile);
const FIRST_VIDEO_BUDGET_MS = 60_000;

async function streamCurl(page: Page) {
  await page.getByRole("tablist", { name: "Response mode" }).getByRole("tab", { name: "Stream" }).click();
  await page.getByRole("tablist", { name: "Language" }).getByRole("tab", { name: "curl" }).click();
  return (await page.getByTestId("sample-stream-curl").textContent())!;
}

/** The finished record: the last `data:` line of the stream curl printed. */
function lastRecord(stdout: string) {
  const records = stdout
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)));
  return records[records.length - 1];
}

test("sign-up to a playing video in under 60 seconds, with the quick start's test key and curl", async ({ page }) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const email = uniqueEmail("first-video");

  await page.goto("/signup");
  await page.getByLabel("Name").fill("Grace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");

  // The overview points a new account with a $0 balance at its test key.
  await expect(page.getByTestId("overview-balance")).toHaveText("$0.00");
  await page.getByTestId("overview-test-keys").getByRole("link", { name: "Quick start" }).click();
  await page.waitForURL("**/dashboard/quickstart");

  // The test key, in full this once, and what it is: free, local, $0 balance untouched.
  await expect(page.getByTestId("new-key")).toContainText("Your test key");
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  expect(key).toMatch(/^vgk_test_[1-9A-HJ-NP-Za-km-z]{40}$/);
  await expect(page.getByTestId("quickstart-key-mode")).toContainText("Test key · free");
  await expect(page.getByTestId("quickstart-key-mode")).toContainText("$0.00");

  // The curl as printed: the real base URL and key, nothing left to fill in.
  const curl = await streamCurl(page);
  expect(curl).toContain(`${BASE_URL}/api/v1/videos/generations`);
  expect(curl).toContain(`Authorization: Bearer ${key}`);
  expect(curl).not.toContain("vgk_…");
  expect(curl).not.toMatch(/\$[A-Z_{]/);

  // Exactly that text, run by a shell.
  const shell = await run("bash", ["-c", curl], { timeout: FIRST_VIDEO_BUDGET_MS });
  const record = lastRecord(shell.stdout);
  expect(record).toMatchObject({ status: "completed", livemode: false, cost: "$0.000", billed_seconds: 0 });
  expect(record.output[0].url).toMatch(/^http.*\.mp4$/);

  // It plays in the dashboard (its own page; test-mode generations are listed in test mode).
  await page.goto(`/dashboard/generations/${record.id}`);
  const video = page.getByTestId("result-video");
  await expect(video).toBeVisible();
  const playing = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    await new Promise((r) => setTimeout(r, 300));
    return { readyState: el.readyState, time: el.currentTime };
  });
  expect(playing.readyState).toBeGreaterThanOrEqual(2);
  expect(playing.time).toBeGreaterThan(0);

  const elapsed = Date.now() - started;
  expect(elapsed, `sign-up to a playing video took ${elapsed} ms`).toBeLessThan(FIRST_VIDEO_BUDGET_MS);

  // It cost nothing and moved no money.
  const account = await db().account.findUniqueOrThrow({ where: { email }, select: { id: true, balanceMicros: true } });
  expect(account.balanceMicros).toBe(0n);
  expect(await db().ledgerEntry.count({ where: { accountId: account.id } })).toBe(0);
});

test("the test-mode switch shows test generations instead of live ones", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("test-switch");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  await page.goto("/dashboard/quickstart");
  const key = (await page.getByTestId("new-key-value").textContent())!.trim();
  const res = await fetch(`${BASE_URL}/api/v1/videos/generations`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gen-3.1-fast", prompt: "A lighthouse in test mode", duration: 1, stream: false }),
  });
  expect(res.status).toBe(202);
  const created = await res.json();
  expect(created.livemode).toBe(false);

  // Live mode (the default): the test generation is not listed.
  await page.goto("/dashboard/generations");
  await expect(page.getByText("No generations yet")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("A lighthouse in test mode")).toHaveCount(0);
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);

  // The switch reloads the page in test mode.
  await page.getByTestId("test-mode-switch").click();
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByText("A lighthouse in test mode").first()).toBeVisible({ timeout: 20_000 });
  // The mode sticks across pages (a cookie): the requests page lists the test key's create.
  await page.goto("/dashboard/requests");
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByText("/api/v1/videos/generations").first()).toBeVisible({ timeout: 20_000 });
  await page.goto("/dashboard/generations");

  await page.getByTestId("test-mode-switch").click();
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
  await expect(page.getByText("No generations yet")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("A lighthouse in test mode")).toHaveCount(0);
});
