// When and how a callback attempt may go (docs/api.md#delivery-fairness): the retry schedule, and the
// rules that keep one slow destination or account from taking everyone's delivery capacity. Plain
// functions of a destination's recorded health; lanes.ts applies them under the account's lock.
import { env, parseEnv } from "@vgen/config";

/** Attempt timeout of a destination in good standing. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Attempt timeout of a destination whose last attempt timed out (and of a paused endpoint's probe). */
export const WEBHOOK_SLOW_TIMEOUT_MS = 3_000;
/** An endpoint pauses after this many failed attempts in a row… */
export const CIRCUIT_FAILURES = 10;
/** …spanning at least this long, so that a short outage during a burst does not pause it. */
export const CIRCUIT_MIN_FAILING_MS = 5 * 60_000;
/** A paused endpoint gets one probe attempt per this interval. */
export const CIRCUIT_COOLDOWN_MS = 10 * 60_000;

/** The schedule in effect: WEBHOOK_RETRY_SCHEDULE of the given environment (default: the process's), or the default. */
export function webhookRetrySchedule(source?: Record<string, string | undefined>): number[] {
  return (source ? parseEnv(source) : env()).WEBHOOK_RETRY_SCHEDULE;
}

/** Delay before automatic attempt `autoAttemptsSoFar + 1`, or null once the schedule is exhausted. */
export function nextRetryDelayMs(schedule: number[], autoAttemptsSoFar: number): number | null {
  return autoAttemptsSoFar >= 1 ? (schedule[autoAttemptsSoFar - 1] ?? null) : null;
}

/**
 * The destination a delivery's attempts are limited and judged by: an account endpoint, or the
 * origin (scheme, host, port) of a request's own `webHook`, per account, so that one tenant's
 * requests to one host share one lane whatever their paths.
 */
export function laneKey(d: { accountId: string; endpointId: string | null; url: string }): string {
  if (d.endpointId) return `ep:${d.endpointId}`;
  let origin: string;
  try {
    origin = new URL(d.url).origin;
  } catch {
    origin = d.url;
  }
  return `req:${d.accountId}:${origin}`;
}

/** What the last attempts to a destination did. */
export interface LaneHealth {
  failureStreak: number;
  failingSince: Date | null;
  timeoutStreak: number;
}

export const HEALTHY: LaneHealth = { failureStreak: 0, failingSince: null, timeoutStreak: 0 };

/** A destination that just timed out gets the short timeout until it answers again. */
export function attemptTimeoutMs(health: LaneHealth, probing = false): number {
  return probing || health.timeoutStreak > 0 ? WEBHOOK_SLOW_TIMEOUT_MS : WEBHOOK_TIMEOUT_MS;
}

/** Attempts allowed in flight to a destination: one while it times out or is being probed. */
export function laneConcurrency(health: LaneHealth, configured: number, probing = false): number {
  return probing || health.timeoutStreak > 0 ? 1 : Math.max(1, configured);
}

/** The health after one more attempt: any 2xx clears it; any answer at all clears the timeouts. */
export function afterAttempt(health: LaneHealth, outcome: { ok: boolean; timedOut: boolean }, now: Date): LaneHealth {
  if (outcome.ok) return HEALTHY;
  return {
    failureStreak: health.failureStreak + 1,
    failingSince: health.failingSince ?? now,
    timeoutStreak: outcome.timedOut ? health.timeoutStreak + 1 : 0,
  };
}

/** Whether an endpoint with this health has kept failing long enough to be paused. */
export function circuitShouldOpen(health: LaneHealth, now: Date): boolean {
  return (
    health.failureStreak >= CIRCUIT_FAILURES &&
    health.failingSince !== null &&
    now.getTime() - health.failingSince.getTime() >= CIRCUIT_MIN_FAILING_MS
  );
}
