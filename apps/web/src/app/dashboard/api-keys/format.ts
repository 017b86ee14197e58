const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(d: Date | string | null | undefined): string {
  if (!d) return "Never";
  return DATE_TIME.format(typeof d === "string" ? new Date(d) : d);
}
