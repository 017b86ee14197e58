import { describe, expect, it } from "vitest";
import {
  defaultProcessingSeconds,
  queuedEtaSeconds,
  remainingRunningSeconds,
  runningEtaSeconds,
} from "../src/generations/eta-math";

describe("ETA", () => {
  it("has a size-aware default before there is history", () => {
    expect(defaultProcessingSeconds("4k", 8)).toBeGreaterThan(defaultProcessingSeconds("1080p", 8));
    expect(defaultProcessingSeconds("1080p", 8)).toBeGreaterThan(defaultProcessingSeconds("720p", 8));
    expect(defaultProcessingSeconds("720p", 8)).toBeGreaterThan(defaultProcessingSeconds("720p", 1));
  });
  it("a job with a free slot waits for nothing", () => {
    expect(queuedEtaSeconds(5, { jobs: 1, seconds: 3, concurrency: 2 })).toBe(5);
  });
  it("a job behind a full queue waits for the work ahead, shared across slots", () => {
    // 2 slots busy for 4 s and 6 s, plus 10 s queued ahead: (4 + 6 + 10) / 2 = 10 s wait, then 5 s.
    expect(queuedEtaSeconds(5, { jobs: 3, seconds: 4 + 6 + 10, concurrency: 2 })).toBe(15);
  });
  it("a running job's remaining time follows its progress", () => {
    expect(remainingRunningSeconds(10, 6, 50)).toBeCloseTo(6);
    expect(remainingRunningSeconds(10, 2, 0)).toBe(8);
  });
  it("a running job's ETA follows the work left, and a slow job's rises by at most a quarter of the expected time", () => {
    expect(runningEtaSeconds(10, 5, 50)).toBe(5);
    // Nothing done yet: the whole expected time is left, however long the start takes.
    expect(runningEtaSeconds(10, 30, 0)).toBe(10);
    // Three times slower than expected at 60 %: its own pace says 12 s, the cap allows 4 + 2.5.
    expect(runningEtaSeconds(10, 18, 60)).toBe(7);
  });
  it("a running job's ETA never rises while its progress does, however its pace changes", () => {
    const expected = 7;
    // A start that takes longer than the whole expected render, then a fast render.
    const stalledThenFast = (t: number) => (t < 8 ? 0 : (t - 8) * 40);
    const threeTimesSlower = (t: number) => (t * 100) / (3 * expected);
    const accelerating = (t: number) => 100 * (t / expected) ** 2;
    for (const pace of [stalledThenFast, threeTimesSlower, accelerating]) {
      let previous = Infinity;
      for (let t = 0; pace(t) < 100; t += 0.1) {
        const eta = runningEtaSeconds(expected, t, Math.floor(pace(t)));
        expect(eta).toBeLessThanOrEqual(previous);
        previous = eta;
      }
    }
  });
  it("a running job's ETA never rises by more than a quarter of the expected time", () => {
    const expected = 8;
    const decelerating = (t: number) => 100 * Math.sqrt(t / (4 * expected));
    let lowest = Infinity;
    for (let t = 0; decelerating(t) < 100; t += 0.1) {
      const eta = runningEtaSeconds(expected, t, Math.floor(decelerating(t)));
      expect(eta).toBeLessThanOrEqual(Math.ceil(lowest + expected / 4));
      lowest = Math.min(lowest, eta);
    }
  });
  it("is never 0 while processing", () => {
    expect(queuedEtaSeconds(0, { jobs: 0, seconds: 0, concurrency: 1 })).toBe(1);
  });
});
