/** ETA rules (docs/api.md#eta) as plain functions; the database side lives in eta.ts. */

const SECONDS_PER_CLIP_SECOND: Record<string, number> = { "720p": 0.35, "1080p": 0.7, "4k": 2.5 };
const STARTUP_SECONDS = 1.5;

/** Before there is history: a render costs roughly startup + clip seconds × a per-size factor. */
export function defaultProcessingSeconds(size: string, durationSeconds: number): number {
  return STARTUP_SECONDS + durationSeconds * (SECONDS_PER_CLIP_SECOND[size] ?? 1);
}

/**
 * Remaining seconds of a running job as work ahead of a queued one: the best current guess,
 * free to move (a queued job's ETA moves with the queue anyway).
 */
export function remainingRunningSeconds(expected: number, elapsedSeconds: number, progress: number): number {
  if (progress >= 25 && progress < 100) return (elapsedSeconds * (100 - progress)) / progress;
  return Math.max(expected - elapsedSeconds, 0);
}

/** The work a queued job waits for: the jobs running or starting before it, and their seconds. */
export interface QueueLoad {
  /** Jobs running now plus queued jobs that will start before this one. */
  jobs: number;
  /** Remaining seconds of the running ones plus expected seconds of the queued ones. */
  seconds: number;
  concurrency: number;
}

/** Seconds until a queued job completes: the wait for the jobs ahead plus its own processing. */
export function queuedEtaSeconds(ownExpected: number, q: QueueLoad): number {
  const slots = Math.max(1, q.concurrency);
  // Until every slot is taken, a new job starts at once.
  const wait = q.jobs < slots ? 0 : q.seconds / slots;
  return Math.max(1, Math.ceil(wait + ownExpected));
}

/** The most a running job's ETA rises above its progress-scaled expectation, as a share of that expectation. */
const MAX_SLOWDOWN_SHARE = 0.25;
/** Progress at which the job's own pace is trusted fully; below it, its say grows with progress. */
const PACE_TRUSTED_AT = 25;

/**
 * What a running job shows as its ETA. It must never contradict itself: with progress only
 * rising, it never rises, except that a job running slower than expected raises it by at most a
 * quarter of the expected time. So it is the expected time scaled by the work left, plus the
 * excess of the job's own pace (elapsed time extrapolated over the work left), that excess capped
 * and phased in with progress. Below 25 % the cap grows as fast as the expected part shrinks, and
 * above it the cap is constant: the upper bound never rises.
 */
export function runningEtaSeconds(expected: number, elapsedSeconds: number, progress: number): number {
  const byExpectation = (expected * (100 - progress)) / 100;
  if (progress <= 0) return Math.max(1, Math.ceil(byExpectation));
  const byOwnPace = (elapsedSeconds * (100 - progress)) / progress;
  const slowdown = Math.min(Math.max(byOwnPace - byExpectation, 0), expected * MAX_SLOWDOWN_SHARE);
  const trust = Math.min(1, progress / PACE_TRUSTED_AT);
  return Math.max(1, Math.ceil(byExpectation + trust * slowdown));
}
