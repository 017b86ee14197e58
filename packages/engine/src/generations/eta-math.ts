/** ETA rules (docs/api.md#eta) as plain functions; the database side lives in eta.ts. */

const SECONDS_PER_CLIP_SECOND: Record<string, number> = { "720p": 0.35, "1080p": 0.7, "4k": 2.5 };
const STARTUP_SECONDS = 1.5;

/** Before there is history: a render costs roughly startup + clip seconds × a per-size factor. */
export function defaultProcessingSeconds(size: string, durationSeconds: number): number {
  return STARTUP_SECONDS + durationSeconds * (SECONDS_PER_CLIP_SECOND[size] ?? 1);
}

/** Remaining seconds of a job that is running, from its progress and elapsed time. */
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

export function runningEtaSeconds(expected: number, elapsedSeconds: number, progress: number): number {
  return Math.max(1, Math.ceil(remainingRunningSeconds(expected, elapsedSeconds, progress)));
}
