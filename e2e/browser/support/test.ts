import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * After a document load, waits until React has hydrated it (the root layout's providers mark
 * `<html data-hydrated>`): a click before then reaches a bare HTML form, which the browser submits
 * natively, or a button with no handler yet. Documents that are not HTML (a video, a PDF) pass.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => document.contentType !== "text/html" || document.documentElement.hasAttribute("data-hydrated"),
    undefined,
    { polling: 50, timeout: 20_000 },
  );
}

/** Playwright's `test` whose page waits for hydration after goto, reload and waitForURL. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const waitForURL = page.waitForURL.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await hydrated(page);
      return response;
    };
    page.waitForURL = async (...args) => {
      await waitForURL(...args);
      await hydrated(page);
    };
    await use(page);
  },
});
