import { isLocale, type Locale } from "@vgen/contracts";

const DEFAULT_LOCALE: Locale = "en";
/** The cookie the language switcher sets; it wins over the browser's Accept-Language. */
export const LOCALE_COOKIE = "locale";

/**
 * The language of a request: the switcher's cookie when set, else the browser's most preferred
 * language we have (by q-value, "ru-RU" counts as ru), else English.
 */
export function resolveLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLocale) ?? DEFAULT_LOCALE;
}

/** The language of a request outside a page (a tRPC call), found as pages find it. */
export function localeOfRequest(headers: Headers | undefined): Locale {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(headers?.get("cookie") ?? "")?.[1];
  return resolveLocale(cookie, headers?.get("accept-language"));
}
