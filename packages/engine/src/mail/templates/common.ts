// What every account email shares: its language and where to get help.
import { env } from "@vgen/config";
import { isLocale, type Locale } from "@vgen/contracts";

/** An account's stored language (`accounts.locale`) as the language of its emails; anything else reads English. */
export function mailLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : "en";
}

/** The closing lines of every message. */
export function signature(): string {
  return `— vgen\n${env().PUBLIC_BASE_URL}\n`;
}
