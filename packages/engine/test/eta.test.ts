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
    expect(runningEtaSeconds(10, 20, 10)).toBe(1);
  });
  it("is never 0 while processing", () => {
    expect(queuedEtaSeconds(0, { jobs: 0, seconds: 0, concurrency: 1 })).toBe(1);
  });
});
