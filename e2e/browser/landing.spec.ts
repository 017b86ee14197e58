import { expect, type Page, test } from "./support/test";
import { db, newAccount } from "../support/fixtures";

// The landing page: the catalog as GET /api/v1/models answers it, a quick start whose variables are
// defined, a sample clip per model, and at 1440 and 390 px no page-level horizontal scroll (the code
// block scrolls itself).

interface ApiModel {
  id: string;
  purpose: string;
  price_per_second: string;
  min_charge_seconds: number;
  queue: string;
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth > el.clientWidth;
  });
}

test("the catalog on / is GET /api/v1/models: ids, purposes, prices per second, minimum charges, queues", async ({ page }) => {
  const account = await newAccount();
  const api = (await (await account.call("/api/v1/models")).json()) as { data: ApiModel[] };
  expect(api.data.length).toBeGreaterThan(0);
  await page.goto("/");
  const cards = page.getByTestId("catalog-model");
  await expect(cards).toHaveCount(api.data.length);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-model-id")))).toEqual(api.data.map((m) => m.id));
  for (const m of api.data) {
    const card = page.getByRole("article", { name: m.id });
    await expect(card).toContainText(m.purpose);
    await expect(card.getByTestId("catalog-price")).toHaveText(`${m.price_per_second} / s`);
    await expect(card.getByTestId("catalog-min-charge")).toContainText(`${m.min_charge_seconds} s`);
    await expect(card.getByTestId("catalog-queue")).toHaveText(m.queue);
  }
  // The quick start defines the variables its curl uses, with this deployment's address.
  const code = page.getByTestId("quick-start-code");
  await expect(code).toContainText(`export BASE_URL="${process.env.BASE_URL!.replace(/\/$/, "")}"`);
  await expect(code).toContainText("export API_KEY=");
  await expect(code).toContainText(`"model": "${api.data[0]!.id}"`);
  await expect(page.getByRole("definition").filter({ hasText: "The address of this API" })).toBeVisible();
});

test("each model shows a sample clip the worker rendered locally: a real MP4, cached, muted, looping, with controls", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const models = await db().catalogModel.findMany({ where: { enabled: true }, select: { id: true } });
  // The worker renders them in the background, shortly after it starts, one at a time.
  await expect
    .poll(async () => db().modelSample.count({ where: { modelId: { in: models.map((m) => m.id) } } }), { timeout: 200_000 })
    .toBe(models.length);
  await page.goto("/");
  for (const { id } of models) {
    const video = page.getByRole("article", { name: id }).getByTestId("sample-video");
    await expect(video).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.controls])).toEqual([true, true, true]);
    await expect(video).toHaveAccessibleDescription(/A paper boat drifting down a rainy street/);
    const src = (await video.getAttribute("src"))!;
    const res = await request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("video/mp4");
    expect(res.headers()["cache-control"]).toMatch(/immutable/);
    const body = await res.body();
    expect(body.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(body.includes(Buffer.from("avc1"))).toBe(true);
    // The player shows the poster frame first, a real JPEG.
    const poster = await request.get((await video.getAttribute("poster"))!);
    expect(poster.headers()["content-type"]).toBe("image/jpeg");
  }
});

test("1440 px: the header is one row with its links; nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  expect(await pageScrollsSideways(page)).toBe(false);
});

/** The header is one row: the logo, the dashboard link and the menu button share a line, and it is no taller. */
async function expectOneRowHeader(page: Page, dashboard: string, menuName: string) {
  const header = page.locator("header").first();
  const boxes = await Promise.all(
    [
      header.getByRole("link", { name: "vgen" }),
      header.getByRole("link", { name: dashboard }),
      header.getByRole("button", { name: menuName }),
    ].map(async (l) => {
      await expect(l).toBeVisible();
      return (await l.boundingBox())!;
    }),
  );
  const middles = boxes.map((b) => b.y + b.height / 2);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
  expect((await header.boundingBox())!.height).toBeLessThan(70);
}

test("390 px: the header is one row with a menu, the code block scrolls inside itself, the page does not", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expectOneRowHeader(page, "Dashboard", "Menu");
  expect(await pageScrollsSideways(page)).toBe(false);

  const code = page.getByTestId("quick-start-code");
  const overflow = await code.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    style: getComputedStyle(el).overflowX,
  }));
  expect(overflow.scroll).toBeGreaterThan(overflow.client);
  expect(overflow.style).toBe("auto");

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "API reference" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  // The links and the languages are one menu on a phone.
  await expect(nav.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  expect(await pageScrollsSideways(page)).toBe(false);
  await nav.getByRole("menuitem", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
});

test.describe("in Russian", () => {
  test.use({ locale: "ru-RU" });

  test("390 px: the longer Russian labels keep the header in one row, and nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expectOneRowHeader(page, "Панель управления", "Меню");
    await expect(page.getByRole("heading", { level: 2, name: "Модели и цены" })).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});
