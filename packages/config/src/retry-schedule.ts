/** Delays between automatic webhook attempts (Standard Webhooks style): the first attempt is immediate. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h";
/** Delays between attempts to hand an email to the mail server: about a day in all. */
export const DEFAULT_MAIL_RETRY_SCHEDULE = "10s,1m,5m,30m,2h,6h,12h";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The delays in milliseconds, or why the text cannot be read. */
export function readRetrySchedule(raw: string): { delays: number[] } | { error: string } {
  const text = raw.trim();
  if (text === "") return { delays: [] };
  const delays: number[] = [];
  for (const part of text.split(",")) {
    const item = part.trim();
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(item);
    if (!match) return { error: `cannot read '${item}' (use e.g. 5s,5m,30m,2h)` };
    // The pattern admits only UNIT_MS's units.
    const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? "s").toLowerCase()]!);
    if (!Number.isFinite(ms)) return { error: `'${item}' is out of range` };
    delays.push(ms);
  }
  return { delays };
}

/**
 * Parses a retry schedule such as `5s,5m,30m,2h,5h,10h` into delays in milliseconds.
 * Units: ms, s, m, h, d; a bare number is seconds. An empty string means "no retries".
 */
export function parseRetrySchedule(raw: string): number[] {
  const read = readRetrySchedule(raw);
  if ("error" in read) throw new Error(`WEBHOOK_RETRY_SCHEDULE: ${read.error}`);
  return read.delays;
}
