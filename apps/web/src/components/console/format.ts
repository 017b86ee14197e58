/** "2026-11-21 15:16 UTC" */
export const when = (d: Date | string | null | undefined) =>
  d
    ? new Date(d)
        .toISOString()
        .replace("T", " ")
        .replace(/:\d{2}\.\d{3}Z$/, " UTC")
    : "—";
