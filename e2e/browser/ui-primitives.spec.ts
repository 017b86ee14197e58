import { expect, type Locator, type Page, test } from "./support/test";
import { signedInAccount } from "./support/session";

// The keyboard behaviour of the shared primitives (components/ui, on Radix) that people rely on.

/** Whether the focused element is inside `container`. */
async function focusInside(page: Page, container: Locator) {
  const handle = await container.elementHandle();
  return page.evaluate((el) => !!el && el.contains(document.activeElement), handle);
}

test("a dialog keeps focus inside while open; Escape closes it and focus returns to its trigger", async ({ page }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/webhooks");
  const trigger = page.getByRole("button", { name: "Rotate secret" });
  await trigger.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await expect(dialog).toBeVisible();
  // The page behind is inert: only the dialog is in the accessibility tree.
  await expect(page.getByRole("button", { name: "Rotate secret" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInside(page, dialog), `focus after ${key}`).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  // Nothing was rotated: the secret was not confirmed.
  await expect(page.getByText("The secret was rotated")).toHaveCount(0);
});

test("the language menu opens from the keyboard and switches the language", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const header = page.getByRole("navigation", { name: "Main" });
  const button = header.getByRole("button", { name: "Language: English" });
  await expect(button).toHaveAttribute("aria-haspopup", "menu");

  // Enter opens it on the current language; Escape closes it and gives focus back.
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  await expect(menu.getByRole("menuitemradio", { name: "English" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // The arrow key opens it too; arrows move through the languages, Enter picks one.
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: "Русский" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  const russianHeader = page.getByRole("navigation", { name: "Основная навигация" });
  await expect(russianHeader.getByRole("button", { name: "Язык: Русский" })).toBeVisible();
  await expect(russianHeader.getByRole("link", { name: "Справочник API" })).toBeVisible();
});

test("code-sample tabs switch with the arrow keys, Home and End", async ({ page }) => {
  await signedInAccount(page);
  await page.goto("/dashboard/quickstart");
  const modes = page.getByRole("tablist", { name: "Response mode" });
  const stream = modes.getByRole("tab", { name: "Stream" });
  await expect(stream).toHaveAttribute("aria-selected", "true");
  await stream.focus();

  await page.keyboard.press("ArrowRight");
  const callback = modes.getByRole("tab", { name: "Callback" });
  await expect(callback).toBeFocused();
  await expect(callback).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("sample-callback-curl")).toContainText("webHook");

  await page.keyboard.press("End");
  await expect(modes.getByRole("tab", { name: "Polling" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("sample-polling-curl")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(stream).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(modes.getByRole("tab", { name: "Polling" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(stream).toHaveAttribute("aria-selected", "true");

  // The panel is named by its tab; the language tabs work the same way inside it.
  const panel = page.getByRole("tabpanel", { name: "Stream" });
  await expect(panel).toBeVisible();
  const languages = panel.getByRole("tablist", { name: "Language" });
  await languages.getByRole("tab", { name: "curl" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(languages.getByRole("tab", { name: "JavaScript" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("sample-stream-javascript")).toContainText("fetch(");
});

test("copying a code sample is announced as a status notice", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAccount(page);
  await page.goto("/dashboard/quickstart");
  await expect(page.getByTestId("sample-stream-curl")).toBeVisible();
  // Live regions are read when their text appears: record every status element that appears with text.
  await page.evaluate(() => {
    const w = window as unknown as { announced: { text: string; live: string | null }[] };
    w.announced = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim() ?? "";
        if (text && !w.announced.some((a) => a.text === text)) w.announced.push({ text, live: el.getAttribute("aria-live") });
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  await page.getByRole("button", { name: "Copy code" }).click();
  const notices = page.getByRole("region", { name: "Notifications (F8)" });
  await expect(notices.getByText("Copied to the clipboard")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await page.getByTestId("sample-stream-curl").textContent(),
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { announced: { text: string; live: string | null }[] }).announced))
    .toContainEqual({ text: expect.stringContaining("Copied to the clipboard"), live: "polite" });

  // The notice can be dismissed.
  await notices.getByRole("button", { name: "Dismiss" }).click();
  await expect(notices.getByText("Copied to the clipboard")).toBeHidden();
});
