import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, resolveLocale } from "./locales";

// No locale in the URL: the language comes from the switcher's cookie or the browser's Accept-Language.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    // Dates are formatted by hand in UTC (formatUtc); this only keeps next-intl from warning.
    timeZone: "UTC",
  };
});
