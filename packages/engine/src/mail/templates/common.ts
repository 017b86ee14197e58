// What every account email shares: who it is from, when, and where to get help.
import { env } from "@vgen/config";

/** "2026-11-23 08:43 UTC", the dashboard's time form. */
export function mailTime(at: Date): string {
  return at
    .toISOString()
    .replace("T", " ")
    .replace(/:\d{2}\.\d{3}Z$/, " UTC");
}

/** The closing lines of every message. */
export function signature(): string {
  return `— vgen\n${env().PUBLIC_BASE_URL}\n`;
}
