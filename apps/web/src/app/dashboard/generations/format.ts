/** Badge tones of a generation's status, as the playground shows them. */
export const STATUS_TONE = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;

/** "2026-07-01 12:00:00 UTC", the dashboard's time form. */
export function formatUtc(d: Date): string {
  return d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}
