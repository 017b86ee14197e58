// What every account email shares: its language, who it is from, when, and where to get help.
import { env } from "@vgen/config";

/** The languages account emails are written in: the dashboard's (the account's `locale`). */
export type MailLocale = "en" | "ru";

/** An account's stored language as a mail language; anything else reads English. */
export function mailLocale(value: string | null | undefined): MailLocale {
  return value === "ru" ? "ru" : "en";
}

/** "2026-11-23 08:43:12 UTC", the dashboard's time form. */
export function mailTime(at: Date): string {
  return at
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}

/** The closing lines of every message. */
export function signature(): string {
  return `— vgen\n${env().PUBLIC_BASE_URL}\n`;
}
