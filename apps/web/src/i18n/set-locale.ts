"use server";

import { cookies } from "next/headers";
import { getDb } from "@vgen/db";
import { setAccountLocale } from "@vgen/engine/accounts";
import { getSessionUser } from "@/server/auth/session";
import { isLocale } from "@vgen/contracts";
import { LOCALE_COOKIE } from "./locales";

/**
 * The language switcher's action: remembers the choice for a year (the caller refreshes the page);
 * a signed-in owner's emails follow it.
 */
export async function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
  const user = await getSessionUser();
  if (user) await setAccountLocale(getDb(), user.id, locale);
}
