import { expect, type Locator, type Page, test } from "./support/test";
import { db, uniqueEmail } from "../support/fixtures";
import { signedInAccount, TEST_PASSWORD } from "./support/session";

// The UI in English (the default) and Russian: the switcher stores the choice in a cookie that wins
// over the browser's Accept-Language; prices per second read "/ s" or "/ сек". Desktop and a 390 px phone.

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

/** Opens the language menu by its button (`Language: English`) when it is shown, and picks `language`. */
async function chooseLanguage(page: Page, within: Locator, label: string, language: string) {
  const button = within.getByRole("button", { name: new RegExp(`^${label}`) });
  if (await button.isVisible()) await button.click();
  await page.getByRole("menuitemradio", { name: language }).click();
}

/** The dashboard's navigation; on a phone it is folded behind the Menu button first. */
async function dashboardNav(page: Page, menu: string) {
  const nav = page.getByRole("navigation", { name: menu === "Menu" ? "Dashboard" : "Панель управления" });
  const toggle = page.getByRole("button", { name: menu });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  return nav;
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: switch the dashboard to Russian and back; the choice survives a reload`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const account = await signedInAccount(page);
    const emailLanguage = async () => (await db().account.findUniqueOrThrow({ where: { id: account.id } })).locale;
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    let nav = await dashboardNav(page, "Menu");
    await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
    await chooseLanguage(page, nav, "Language", "Русский");

    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    // The account's emails follow the switch.
    expect(await emailLanguage()).toBe("ru");
    nav = await dashboardNav(page, "Меню");
    await expect(nav.getByRole("link", { name: "Обзор" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Модели" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Выйти" })).toBeVisible();

    await page.goto("/dashboard/models");
    await expect(page.getByRole("heading", { level: 1, name: "Модели" })).toBeVisible();
    await expect(page).toHaveTitle("Модели · vgen");
    const fast = page.getByRole("article", { name: "gen-3.1-fast" });
    await expect(fast.getByTestId("model-price")).toHaveText("$0.150 / сек");
    await expect(fast.getByTestId("model-min-charge")).toHaveText("4 сек");

    // The cookie keeps the language across reloads and pages.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Модели" })).toBeVisible();
    await page.goto("/dashboard/playground");
    await expect(page.getByRole("heading", { level: 1, name: "Песочница" })).toBeVisible();
    await expect(page.getByLabel("Модель")).toContainText("gen-3.1-fast · $0.150 / сек");
    await page.goto("/dashboard/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Баланс и история" })).toBeVisible();
    await expect(page.getByText("Операций пока нет")).toBeVisible();

    nav = await dashboardNav(page, "Меню");
    await chooseLanguage(page, nav, "Язык", "English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await emailLanguage()).toBe("en");
    await expect(page.getByRole("heading", { level: 1, name: "Balance & history" })).toBeVisible();
    await page.goto("/dashboard/models");
    await expect(page.getByRole("article", { name: "gen-3.1-fast" }).getByTestId("model-price")).toHaveText("$0.150 / s");
  });
}

test.describe("a browser that asks for Russian", () => {
  test.use({ locale: "ru-RU" });

  for (const viewport of VIEWPORTS) {
    test(`${viewport.name}: Russian on the first visit, English once chosen in the header`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "ru");
      // On a phone the public header's links are folded behind its menu button.
      const openMenu = async (name: string) => {
        const toggle = page.getByRole("button", { name });
        if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
      };
      const header = page.getByRole("navigation", { name: "Основная навигация" });
      await expect(page.getByRole("link", { name: "Получить API-ключ" })).toBeVisible();
      // An open menu hides the rest of the page from assistive technology until it closes.
      await openMenu("Меню");
      // On a phone the header's links are items of its menu.
      const linkRole = viewport.name === "phone" ? "menuitem" : "link";
      await expect(header.getByRole(linkRole, { name: "Справочник API" })).toBeVisible();

      await page.goto("/signin");
      await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
      await expect(page.getByLabel("Пароль")).toBeVisible();

      await page.goto("/");
      await openMenu("Меню");
      // On a phone the languages are in that menu; on a wide screen behind their own button.
      await chooseLanguage(page, header, "Язык", "English");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await openMenu("Menu");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole(linkRole, { name: "API reference" })).toBeVisible();
      // The cookie now wins over Accept-Language.
      await page.goto("/signin");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    });
  }
});

test.describe("a Russian sign-up", () => {
  test.use({ locale: "ru-RU" });

  test("gets its verification email in Russian", async ({ page }) => {
    const email = uniqueEmail("ru-signup");
    await page.goto("/signup");
    await page.getByLabel("Эл. почта").fill(email);
    await page.getByLabel("Пароль").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Создать аккаунт" }).click();
    await page.waitForURL("**/dashboard");
    const account = await db().account.findUniqueOrThrow({ where: { email } });
    expect(account.locale).toBe("ru");
    const mail = await db().outboundEmail.findFirstOrThrow({ where: { accountId: account.id, kind: "email_verification" } });
    expect(mail.subject).toBe("Подтвердите адрес электронной почты");
  });
});

test("server errors read in Russian: the catalog's text for the error code stands in for the English message", async ({
  page,
  context,
}) => {
  await signedInAccount(page, { verified: false });
  await context.addCookies([{ name: "locale", value: "ru", url: process.env.BASE_URL! }]);
  await page.goto("/dashboard/api-keys");
  await expect(page.getByTestId("verify-email-banner")).toContainText("Подтвердите адрес эл. почты");
  await page.getByLabel("Имя ключа").fill("первый");
  await page.getByRole("button", { name: "Выпустить ключ" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Адрес почты аккаунта ещё не подтверждён, а API-ключи выдаются только подтверждённым аккаунтам." }),
  ).toBeVisible();
});

test("the account's retention and balance-alert cards read in Russian, their checks too", async ({ page, context }) => {
  await signedInAccount(page);
  await context.addCookies([{ name: "locale", value: "ru", url: process.env.BASE_URL! }]);
  await page.goto("/dashboard/account");
  const retention = page.getByRole("form", { name: "Хранение результатов" });
  await retention.getByLabel("Хранить результаты (дней)").fill("21");
  await retention.getByRole("button", { name: "Сохранить срок" }).click();
  await expect(retention.getByRole("status")).toHaveText("Сохранено: результаты, завершённые с этого момента, хранятся 21 день.");

  await page.goto("/dashboard/billing");
  const alerts = page.getByRole("form", { name: "Уведомления о балансе" });
  await alerts.getByLabel("Низкий баланс (USD)").fill("ten");
  await alerts.getByRole("button", { name: "Сохранить уведомления" }).click();
  await expect(alerts).toContainText("Введите сумму в долларах, например 10 или 10.50");
  await alerts.getByLabel("Низкий баланс (USD)").fill("10");
  await alerts.getByRole("button", { name: "Сохранить уведомления" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Пороги уведомлений сохранены.");
});
