import { expect, test } from "./support/test";

// Any path no page answers gets the site's own 404: status 404, the public header, the ways on,
// in the visitor's language.

test("an unknown path answers 404 with the branded page and links home, to the docs and the dashboard", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found · vgen");
  await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
  await expect(page.getByTestId("problem-code")).toHaveText("404");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" })).toBeVisible();
  const waysOn = page.getByRole("navigation", { name: "Where to go next" });
  await expect(waysOn.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await expect(waysOn.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
  await expect(waysOn.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await waysOn.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
});

test.describe("in Russian", () => {
  test.use({ locale: "ru-RU" });

  test("the 404 page reads in Russian, status 404", async ({ page }) => {
    const response = await page.goto("/nesushchestvuyushchaya");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveTitle("Страница не найдена · vgen");
    await expect(page.getByRole("heading", { level: 1, name: "Такой страницы нет" })).toBeVisible();
    const waysOn = page.getByRole("navigation", { name: "Куда перейти" });
    await expect(waysOn.getByRole("link", { name: "Главная" })).toBeVisible();
    await expect(waysOn.getByRole("link", { name: "Панель управления" })).toBeVisible();
  });
});
