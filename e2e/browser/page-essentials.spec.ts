// What every page owes its visitor: a favicon, a skip link for keyboard users, the right status
// and landing for the support console, and a reference without dangling labels.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./support/test";
import { signedInAccount, TEST_PASSWORD } from "./support/session";
import { createAccount } from "@vgen/engine/accounts";
import { db, uniqueEmail } from "../support/fixtures";

test("pages name an SVG favicon that is served", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("<svg");
});

test("the first Tab on a page reaches a visible 'Skip to content' link that moves past the navigation", async ({ page }) => {
  await signedInAccount(page);
  for (const path of ["/", "/docs", "/dashboard", "/dashboard/api-keys"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip, path).toBeFocused();
    await expect(skip, path).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page, path).toHaveURL(/#main$/);
    await expect(page.locator("main#main"), path).toBeFocused();
    // The next Tab lands inside the main landmark, not in the navigation before it.
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.querySelector("main#main")!.contains(document.activeElement)), { message: path })
      .toBe(true);
  }
});

test("the console sends signed-out visitors to sign-in and back, and staff land on it after signing in", async ({ page }) => {
  const res = await page.goto("/console");
  await page.waitForURL("**/signin?callbackUrl=*");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toContain("/console");
  expect(res!.ok()).toBe(true);

  const email = uniqueEmail("staff");
  await createAccount(db(), { email, password: TEST_PASSWORD, role: "admin", emailVerified: true });
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/console$/);
  await expect(page.getByRole("navigation", { name: "Support console" })).toBeVisible();
});

test("the API reference never ends a response row in a label with nothing after it", async ({ page }) => {
  await page.goto("/docs");
  const rows = page.locator("details > summary");
  expect(await rows.count()).toBeGreaterThan(10);
  for (const text of await rows.allTextContents()) expect(text).not.toMatch(/:\s*(application\/json)?\s*›?\s*$/);
  // The codes keep their label where they are listed.
  const badRequest = page.locator("#createGeneration details").filter({ hasText: "400" }).first();
  await badRequest.locator("summary").click();
  await expect(badRequest.getByText("Error codes:")).toBeVisible();
  await expect(badRequest.getByText("unknown_parameter").first()).toBeVisible();
});

test("on a 390 px phone no page scrolls sideways, and the sidebar folds behind a Menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const widerThanScreen = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  for (const path of ["/", "/signin"]) {
    await page.goto(path);
    expect(await widerThanScreen(), path).toBe(false);
  }
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeInViewport();

  await signedInAccount(page, { role: "admin" });
  for (const path of ["/dashboard", "/dashboard/api-keys", "/console"]) {
    await page.goto(path);
    expect(await widerThanScreen(), path).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu, path).toHaveAttribute("aria-expanded", "false");
    // The page's heading, not the list of links, is on the first screen.
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeInViewport();
    await expect(page.getByRole("navigation").getByRole("link").nth(1), path).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation").getByRole("link").nth(1), path).toBeVisible();
  }
  // Following a link folds the menu again.
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.waitForURL("**/console/audit");
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  // On a wide screen the navigation is always there and the button is not.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Audit log" })).toBeVisible();
});

/** Every page of the app without a dynamic segment, read from the App Router's folders, so a new page is covered too. */
function staticPages(): string[] {
  const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web/src/app");
  return readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "page.tsx" && !f.includes("["))
    .map((f) => `/${path.dirname(f).split(path.sep).join("/")}`.replace(/\/\.$/, "/"))
    .sort();
}

test("no page of the app scrolls sideways on a 390 px phone", async ({ page }) => {
  const pages = staticPages();
  expect(pages).toContain("/docs");
  expect(pages).toContain("/dashboard/invoices");
  await signedInAccount(page, { role: "admin" });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow: string[] = [];
  for (const route of pages) {
    await page.goto(route);
    await expect(page.locator("h1").first(), route).toBeVisible();
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (wider > 0) overflow.push(`${route}: ${wider}px`);
  }
  expect(overflow).toEqual([]);
});
