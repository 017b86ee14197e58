/**
 * A sliding-window log: a request is admitted when fewer than `limit` requests were admitted in the
 * `windowMs` before it. Unlike fixed windows (which admit two windows' worth around a boundary), no
 * interval of `windowMs`, wherever it starts, ever holds more than `limit` admissions.
 */
export interface WindowDecision {
  allowed: boolean;
  /** Admissions left in the window as of now (this one included when allowed). */
  remaining: number;
  /** Milliseconds until one more request would be admitted; 0 when one would be now. */
  retryAfterMs: number;
}

export interface SlidingWindowStore {
  check(key: string, limit: number, windowMs: number): Promise<WindowDecision>;
  close(): Promise<void>;
}
