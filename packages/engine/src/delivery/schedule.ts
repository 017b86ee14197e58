import { env, parseEnv } from "@vgen/config";

/** The schedule in effect: WEBHOOK_RETRY_SCHEDULE of the given environment (default: the process's), or the default. */
export function webhookRetrySchedule(source?: Record<string, string | undefined>): number[] {
  return (source ? parseEnv(source) : env()).WEBHOOK_RETRY_SCHEDULE;
}

/** Delay before automatic attempt `autoAttemptsSoFar + 1`, or null once the schedule is exhausted. */
export function nextRetryDelayMs(schedule: number[], autoAttemptsSoFar: number): number | null {
  return autoAttemptsSoFar >= 1 ? (schedule[autoAttemptsSoFar - 1] ?? null) : null;
}
