import { describe, expect, it } from "vitest";
import { resolveLocale } from "../src/i18n/locales";

describe("resolveLocale", () => {
  it("uses the switcher's cookie over the browser's languages", () => {
    expect(resolveLocale("ru", "en-US,en;q=0.9")).toBe("ru");
    expect(resolveLocale("en", "ru-RU,ru;q=0.9")).toBe("en");
  });

  it("follows Accept-Language without a cookie: any Russian tag gives ru", () => {
    expect(resolveLocale(undefined, "ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(resolveLocale(undefined, "de-DE,ru;q=0.5")).toBe("ru");
  });

  it("ranks by q-value, not by order", () => {
    expect(resolveLocale(undefined, "ru;q=0.3,en;q=0.9")).toBe("en");
    expect(resolveLocale(undefined, "en;q=0.2,ru")).toBe("ru");
  });

  it("falls back to English for other languages, a refused language, no header or an unknown cookie", () => {
    expect(resolveLocale(undefined, "de-DE,fr;q=0.8")).toBe("en");
    expect(resolveLocale(undefined, "ru;q=0")).toBe("en");
    expect(resolveLocale(undefined, null)).toBe("en");
    expect(resolveLocale("fr", undefined)).toBe("en");
  });
});
