/**
 * The dashboard's one way of writing a moment: "2026-11-21 15:16:57 UTC". Always UTC, so what a
 * user reads matches the API's timestamps, the CSV export and the request log, whatever their time zone.
 */
export function formatUtc(d: Date | string): string {
  return new Date(d)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}

/** A moment in the dashboard's form, machine-readable too. */
export function UtcTime({ value }: { value: Date | string }) {
  const d = new Date(value);
  return <time dateTime={d.toISOString()}>{formatUtc(d)}</time>;
}
