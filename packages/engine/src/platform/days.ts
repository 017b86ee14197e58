/** Parses a YYYY-MM-DD day (UTC) into its first instant; null when absent, malformed or year 0000 (PostgreSQL has no year 0). */
function parseDay(text: string | null | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith("0000")) return null;
  const d = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
}

/** `from` day inclusive, `to` day inclusive (so the upper bound is the next midnight, exclusive). */
export function dayRange(input: { from?: string | null; to?: string | null }): { from?: Date; to?: Date } {
  const from = parseDay(input.from) ?? undefined;
  const toDay = parseDay(input.to);
  return { from, to: toDay ? new Date(toDay.getTime() + 86_400_000) : undefined };
}
