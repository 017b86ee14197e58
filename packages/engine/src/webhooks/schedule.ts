/** Delays between automatic attempts (Standard Webhooks style): the first attempt is immediate. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a retry schedule such as `5s,5m,30m,2h,5h,10h` into delays in milliseconds.
 * Units: ms, s, m, h, d; a bare number is seconds. An empty string means "no retries".
 * Throws on anything else, so a typo in configuration fails loudly at start.
 */
export function parseRetrySchedule(raw: string): number[] {
  const text = raw.trim();
  if (text === "") return [];
  return text.split(",").map((part) => {
    const item = part.trim();
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(item);
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE: cannot read '${item}' (use e.g. 5s,5m,30m,2h)`);
    const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? "s").toLowerCase()]!);
    if (!Number.isFinite(ms)) throw new Error(`WEBHOOK_RETRY_SCHEDULE: '${item}' is out of range`);
    return ms;
  });
}

/** The schedule in effect: WEBHOOK_RETRY_SCHEDULE, or the default. Read on each use (cheap). */
export function webhookRetrySchedule(env: NodeJS.ProcessEnv = process.env): number[] {
  return parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE);
}

/** Delay before automatic attempt `autoAttemptsSoFar + 1`, or null once the schedule is exhausted. */
export function nextRetryDelayMs(schedule: number[], autoAttemptsSoFar: number): number | null {
  return autoAttemptsSoFar >= 1 && autoAttemptsSoFar <= schedule.length ? schedule[autoAttemptsSoFar - 1]! : null;
}
