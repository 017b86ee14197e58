/** "2026-11-21 15:16 UTC", like every other date in the dashboard; null when there is none (a key not used yet). */
export function formatDateTime(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  return new Date(d)
    .toISOString()
    .replace("T", " ")
    .replace(/:\d{2}\.\d{3}Z$/, " UTC");
}
