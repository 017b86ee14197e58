import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./support/test";
import { balanceOf, BASE_URL, db, newAccount } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";
import { sameOrigin } from "../support/sessions";
import { signedInAccount } from "./support/session";

test("a funded account generates a 1 s gen-3.1-fast clip: price first, live progress, then a playable video", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const acct = await signedInAccount(page, { balance: "5.00" });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Playground" }).click();
  await page.waitForURL("**/dashboard/playground");
  await expect(page.getByRole("heading", { name: "Playground", level: 1 })).toBeVisible();
  await expect(page.getByText("Nothing generated yet")).toBeVisible();

  await page.getByLabel("Model").selectOption("gen-3.1-fast");
  await page.getByLabel("Duration").selectOption("1");
  // Only the model's own sizes are offered.
  await expect(page.getByLabel("Size").locator("option")).toHaveText(["720p (default)", "1080p"]);
  await page.getByLabel("Prompt", { exact: true }).fill("A red kite over green hills, playground test");

  // Billed seconds = max(1, 4 min charge) × $0.150.
  await expect(page.getByTestId("price-estimate")).toHaveText("$0.60");
  await expect(page.getByTestId("price-breakdown")).toContainText("4 s billed (minimum charge 4 s) × $0.150 / s");
  // The estimate follows the options: gen-3.1-pro at 8 s is $3.84.
  await page.getByLabel("Model").selectOption("gen-3.1-pro");
  await page.getByLabel("Duration").selectOption("8");
  await expect(page.getByTestId("price-estimate")).toHaveText("$3.84");
  await page.getByLabel("Model").selectOption("gen-3.1-fast");
  await page.getByLabel("Duration").selectOption("1");
  await expect(page.getByTestId("price-estimate")).toHaveText("$0.60");

  // Live progress arrives over the session-authenticated event stream.
  const stream = page.waitForResponse((r) => /\/api\/dashboard\/generations\/vid_[^/]+\/events$/.test(r.url()));
  await page.getByRole("button", { name: "Generate · $0.60" }).click();
  expect((await stream).headers()["content-type"]).toContain("text/event-stream");
  await expect(page.getByTestId("generation-status")).toHaveText(/processing|completed/);
  await expect(page.getByTestId("generation-status")).toHaveText("completed", { timeout: 90_000 });

  const video = page.getByTestId("result-video");
  await expect(video).toHaveAttribute("src", /\/cdn\/.+\.mp4$/);
  // Its poster frame shows until it plays: the JPEG stored beside the MP4.
  const poster = await video.getAttribute("poster");
  expect(poster).toBe((await video.getAttribute("src"))!.replace(/\.mp4$/, ".jpg"));
  expect((await page.request.get(poster!)).headers()["content-type"]).toBe("image/jpeg");
  await expect(video).toHaveAttribute("controls", "");
  const info = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    if (el.readyState < 2)
      await new Promise((resolve, reject) => {
        el.onloadeddata = resolve;
        el.onerror = () => reject(new Error(`video error ${el.error?.code}`));
        el.load();
      });
    await el.play();
    await new Promise((r) => setTimeout(r, 400));
    return { width: el.videoWidth, height: el.videoHeight, duration: el.duration, time: el.currentTime };
  });
  expect(info.width).toBe(1280);
  expect(info.height).toBe(720);
  expect(info.duration).toBeCloseTo(1, 0);
  expect(info.time).toBeGreaterThan(0);

  const download = page.getByRole("link", { name: "Download MP4" });
  await expect(download).toHaveAttribute("download", "");
  const src = (await video.getAttribute("src"))!;
  expect(await download.getAttribute("href")).toBe(`${src}?download`);
  // The download is saved as a file, not played in place of the dashboard; the player's address stays inline.
  const saved = await page.request.get(`${src}?download`);
  expect(saved.status()).toBe(200);
  expect(saved.headers()["content-type"]).toBe("video/mp4");
  expect(saved.headers()["content-disposition"]).toMatch(/^attachment; filename="vid_\w+\.mp4"$/);
  const inline = await page.request.head(src);
  expect(inline.status()).toBe(200);
  expect(inline.headers()["content-disposition"]).toBeUndefined();
  await expect(page.getByTestId("generation-cost")).toHaveText("$0.60 (4 s × $0.150 / s)");

  // Billed to this account exactly like an API request: $5.00 − $0.60.
  expect(await balanceOf(acct.id)).toBe(4_400_000n);
  const gen = await db().generation.findFirstOrThrow({ where: { accountId: acct.id } });
  expect(gen).toMatchObject({ modelId: "gen-3.1-fast", duration: 1, size: "720p", status: "completed", apiKeyId: null });
});

test("an unfunded account sees the insufficient balance message and nothing is created", async ({ page }) => {
  const acct = await signedInAccount(page);
  await page.goto("/dashboard/playground");
  await page.getByLabel("Prompt", { exact: true }).fill("Anything at all");
  await expect(page.getByText("Available balance: $0.00 (not enough for this clip)")).toBeVisible();
  await page.getByRole("button", { name: /^Generate/ }).click();
  const error = page.getByTestId("generation-error");
  await expect(error.getByRole("alert")).toHaveText("The available balance does not cover the cost of this generation.");
  await expect(error.getByRole("link", { name: "ask for a test balance" })).toBeVisible();
  await expect(page.getByText("Nothing generated yet")).toBeVisible();
  expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);
});

test("the form enforces the API's rules before sending, and the server enforces them too", async ({ page }) => {
  await signedInAccount(page, { balance: "5.00" });
  await page.goto("/dashboard/playground");
  await page.getByLabel("Model").selectOption("gen-3-1080");
  await expect(page.getByLabel("Size").locator("option")).toHaveText(["1080p (default)", "720p"]);
  await expect(page.getByLabel("Duration").locator("option")).toHaveCount(8);

  // An empty prompt is refused in the form and focused.
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(page.getByText("Describe the clip you want.")).toBeVisible();
  await page.getByLabel("Prompt", { exact: true }).fill("Frames test");

  // First/last frame: a last frame needs a first one; URLs must be absolute http(s).
  await page.getByLabel("First / last frame").check();
  await expect(page.getByLabel("Last frame URL (optional)")).toBeDisabled();
  await page.getByLabel("First frame URL").fill("not a url");
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByText("Enter an absolute http:// or https:// URL.")).toBeVisible();
  await expect(page.getByLabel("First frame URL")).toBeFocused();

  // Reference images: up to 3 fields, and the frame fields are gone (never both).
  await page.getByLabel("Reference images").check();
  await expect(page.getByLabel("First frame URL")).toHaveCount(0);
  await expect(page.getByLabel(/^Reference image \d/)).toHaveCount(3);

  // The server applies the same rules with the catalog messages, even to a forged request.
  await page.getByLabel("No images").check();
  const trpc = await page.request.post("/api/trpc/playground.create?batch=1", {
    headers: sameOrigin(BASE_URL),
    data: {
      0: {
        json: { model: "gen-3.1-fast", prompt: "x", urls: ["https://a.example/1.png"], firstFrameUrl: "https://a.example/2.png" },
      },
    },
  });
  expect(trpc.status()).toBe(400);
  expect(JSON.stringify(await trpc.json())).toContain("`urls` cannot be combined with `firstFrameUrl` or `lastFrameUrl`.");
  const unknownModel = await page.request.post("/api/trpc/playground.create?batch=1", {
    headers: sameOrigin(BASE_URL),
    data: { 0: { json: { model: "gen-9", prompt: "x" } } },
  });
  expect(JSON.stringify(await unknownModel.json())).toContain("Unknown model 'gen-9'");
});

test("the playground's event stream needs a session and serves only the signed-in account's generations", async ({ page }) => {
  const owner = await newAccount({ balance: "5.00" });
  const res = await owner.call("/api/v1/videos/generations", {
    method: "POST",
    json: { model: "gen-3.1-fast", prompt: "Someone else's clip", duration: 1, stream: false },
  });
  const { id } = await res.json();
  expect((await fetch(`${BASE_URL}/api/dashboard/generations/${id}/events`)).status).toBe(401);
  await signedInAccount(page);
  const other = await page.request.get(`/api/dashboard/generations/${id}/events`);
  expect(other.status()).toBe(404);
  expect((await other.json()).error.code).toBe("generation_not_found");
  const viaTrpc = await page.request.get(
    `/api/trpc/playground.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id } } }))}`,
  );
  expect(viaTrpc.status()).toBe(404);
});

test("a link with ?id= (as from the ledger) opens that generation's result", async ({ page }) => {
  const acct = await signedInAccount(page, { balance: "5.00" });
  const { issueApiKey } = await import("@vgen/engine/accounts");
  const { key } = await issueApiKey(db(), acct.id, "linked");
  const res = await fetch(`${BASE_URL}/api/v1/videos/generations`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "gen-3.1-fast", prompt: "Linked from the ledger", duration: 1, stream: false }),
  });
  const { id } = await res.json();
  await page.goto(`/dashboard/playground?id=${id}`);
  await expect(page.getByTestId("result-video")).toHaveAttribute("src", new RegExp(`/cdn/${id}\\.mp4$`), { timeout: 60_000 });
});

/**
 * A model of this file's own: $0.100 / s, $0.150 / s with sound, one local route whose slots the
 * test sets (0: every generation waits in the queue).
 */
function queuedModel() {
  return createOwnModel("pg", "playground quote and queue test", {
    priceMicrosPerSecond: 100_000n,
    supportsAudio: true,
    audioDefault: false,
    audioPriceMicros: 150_000n,
    maxConcurrency: 0,
  });
}

/** The page's critical and serious axe violations, at the viewport it has now. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Passes axe at desktop and phone widths (then back to desktop). */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    expect(await axeProblems(page)).toEqual([]);
  }
}

test("the estimate prices sound at the model's audio price", async ({ page }) => {
  const model = await queuedModel();
  try {
    await signedInAccount(page, { balance: "5.00" });
    await page.goto(`/dashboard/playground?model=${model}`);
    await page.getByLabel("Duration").selectOption("4");
    await expect(page.getByTestId("price-estimate")).toHaveText("$0.40");
    await page.getByLabel("Sound track").check();
    await expect(page.getByTestId("price-estimate")).toHaveText("$0.60");
    await expect(page.getByTestId("price-breakdown")).toContainText("4 s billed × $0.150 / s");
    await page.getByLabel("Sound track").uncheck();
    await expect(page.getByTestId("price-estimate")).toHaveText("$0.40");
  } finally {
    await retireOwnModel(model);
  }
});

test("a binding quote before generating, created with its quoteId; the place in the queue while waiting", async ({ page }) => {
  test.setTimeout(180_000);
  const model = await queuedModel();
  const other = await newAccount({ balance: "5.00" });
  const blockers: string[] = [];
  try {
    const acct = await signedInAccount(page, { balance: "5.00" });
    // Two generations of another account wait ahead (the route has no free slot).
    for (const prompt of ["ahead one", "ahead two"]) {
      const res = await other.call("/api/v1/videos/generations", {
        method: "POST",
        json: { model, prompt, duration: 1, stream: false },
      });
      blockers.push((await res.json()).id);
    }

    await page.goto(`/dashboard/playground?model=${model}`);
    await page.getByLabel("Duration").selectOption("3");
    await page.getByLabel("Prompt", { exact: true }).fill("A lighthouse in fog, quoted");
    await expect(page.getByTestId("price-estimate")).toHaveText("$0.30");
    await page.getByRole("button", { name: "Get a binding quote" }).click();
    const quote = page.getByTestId("binding-quote");
    await expect(quote).toContainText("Binding quote: at most $0.30");
    await expect(quote.getByTestId("quote-billed")).toHaveText("3 s");
    await expect(quote.getByTestId("quote-eta")).toHaveText(/^about \d+ (min \d+ )?s left$|^any moment now$/);
    const validUntil = Date.parse(
      (await quote.getByTestId("quote-expires").textContent())!.replace(" UTC", "Z").replace(" ", "T"),
    );
    expect(validUntil - Date.now()).toBeGreaterThan(540_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(600_000);
    const stored = await db().quote.findFirstOrThrow({ where: { accountId: acct.id } });
    await expect(quote).toContainText(stored.id);
    await expectAccessibleAtBothWidths(page);

    // Editing the request drops the quote (it binds those values only); asking again gives a new one.
    await page.getByLabel("Prompt", { exact: true }).fill("A lighthouse in fog, quoted again");
    await expect(quote).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Generate · $0.30" })).toBeVisible();
    await page.getByRole("button", { name: "Get a binding quote" }).click();
    await expect(quote).toBeVisible();
    const quoteId = (await db().quote.findFirstOrThrow({ where: { accountId: acct.id }, orderBy: { createdAt: "desc" } })).id;

    await page.getByRole("button", { name: "Generate at the quoted $0.30" }).click();
    await expect(page.getByTestId("generation-status")).toHaveText("processing");
    const gen = await db().generation.findFirstOrThrow({ where: { accountId: acct.id } });
    expect(gen.quoteId).toBe(quoteId);
    // Third: behind the two waiting ahead of it.
    await expect(page.getByTestId("queue-position")).toHaveText("3rd in queue");
    await expectAccessibleAtBothWidths(page);

    // The two ahead leave: the stream's `queue` events move it up, never down.
    for (const id of blockers) await other.call("/api/v1/videos/cancel", { method: "POST", json: { id } });
    await expect(page.getByTestId("queue-position")).toHaveText("1st in queue", { timeout: 30_000 });

    // A slot opens: it runs and completes, charged the quoted cost.
    await db().modelRoute.updateMany({ where: { modelId: model }, data: { maxConcurrency: 1 } });
    await expect(page.getByTestId("queue-position")).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId("generation-status")).toHaveText("completed", { timeout: 90_000 });
    await expect(page.getByTestId("generation-cost")).toHaveText("$0.30 (3 s × $0.100 / s)");
    expect(await balanceOf(acct.id)).toBe(4_700_000n);
  } finally {
    for (const id of blockers) await other.call("/api/v1/videos/cancel", { method: "POST", json: { id } });
    await db().modelRoute.updateMany({ where: { modelId: model }, data: { maxConcurrency: 1 } });
    await retireOwnModel(model);
  }
});
