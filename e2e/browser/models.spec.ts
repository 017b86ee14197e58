import { expect, test } from "./support/test";
import { signedInAccount } from "./support/session";

const EXPECTED = [
  {
    id: "gen-3.1-pro",
    price: "$0.480 / s",
    perSecond: "$0.480",
    qps: "18 QPS",
    min: "4 s",
    queue: "Pro Priority",
    sizes: "720p (default), 1080p, 4k",
    durations: "1–8 s, default 8 s",
  },
  {
    id: "gen-3-1080",
    price: "$0.320 / s",
    perSecond: "$0.320",
    qps: "20 QPS",
    min: "3 s",
    queue: "Fast/Standard",
    sizes: "1080p (default), 720p",
    durations: "1–8 s, default 8 s",
  },
  {
    id: "gen-3.1-fast",
    price: "$0.150 / s",
    perSecond: "$0.150",
    qps: "25 QPS",
    min: "4 s",
    queue: "Fast/Standard",
    sizes: "720p (default), 1080p",
    durations: "1–8 s, default 8 s",
  },
];

test("the models page lists the catalog with its prices, limits, queues, sizes, durations and sound", async ({ page }) => {
  await signedInAccount(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Models" }).click();
  await page.waitForURL("**/dashboard/models");
  await expect(page.getByRole("heading", { name: "Models", level: 1 })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);
  for (const m of EXPECTED) {
    const card = page.getByRole("article", { name: m.id });
    await expect(card.getByRole("heading", { name: m.id })).toBeVisible();
    await expect(card.getByTestId("model-price")).toHaveText(m.price);
    await expect(card.getByTestId("model-per-second")).toHaveText(m.perSecond);
    await expect(card.getByTestId("model-rate-limit")).toHaveText(m.qps);
    await expect(card.getByTestId("model-min-charge")).toHaveText(m.min);
    await expect(card.getByTestId("model-queue")).toHaveText(m.queue);
    await expect(card.getByTestId("model-sizes")).toHaveText(m.sizes);
    await expect(card.getByTestId("model-durations")).toHaveText(m.durations);
    // The seeded models take sound on request (generateAudio), at their normal price.
    await expect(card.getByTestId("model-sound")).toHaveText(`On request (generateAudio), ${m.price}`);
    // The seeded Veo 3.1-class models make up to 4 clips per request (`n`).
    await expect(card.getByTestId("model-max-outputs")).toHaveText("Up to 4 (n)");
  }
  await expect(page.getByRole("article", { name: "gen-3.1-pro" })).toContainText(
    "Top-quality line, for complex scene staging and high-level production",
  );
  await expect(page.getByRole("article", { name: "gen-3-1080" })).toContainText(
    "1080p output for advertising and product video with more detail",
  );
  // gen-3.1-pro: 8 s × $0.480 = $3.84; a 1 s clip is billed as the 4 s minimum.
  await expect(page.getByRole("article", { name: "gen-3.1-pro" })).toContainText(
    "A clip of 8 s costs $3.84; a clip of 1 s is billed as 4 s ($1.92)",
  );

  // Each model links to the playground with itself chosen.
  await page.getByRole("link", { name: "Try gen-3-1080 in the playground" }).click();
  await page.waitForURL("**/dashboard/playground?model=gen-3-1080");
  await expect(page.getByLabel("Model")).toHaveValue("gen-3-1080");
});
