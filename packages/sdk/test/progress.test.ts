import { describe, expect, it, vi } from "vitest";
import { formatEta, ProgressReporter, renderBar } from "../src/cli/progress";
import { record } from "./local-server";

function sink() {
  let text = "";
  const write = (s: string) => {
    text += s;
    return true;
  };
  return { out: { write } as unknown as NodeJS.WritableStream, text: () => text };
}

describe("CLI progress", () => {
  it("formats an ETA in seconds, then minutes and seconds", () => {
    expect([formatEta(0), formatEta(12.4), formatEta(65), formatEta(-3)]).toEqual(["0s", "12s", "1m05s", "0s"]);
  });

  it("draws a bar of fixed width redrawn in place, with percentage and ETA", () => {
    expect(renderBar({ id: "vid_a", progress: 50, eta_seconds: 12 })).toBe(
      `[${"#".repeat(15)}${"-".repeat(15)}]  50%  ETA 12s     vid_a`,
    );
    const s = sink();
    const reporter = new ProgressReporter("bar", s.out);
    reporter.update(record({ progress: 10 }) as never);
    reporter.update(record({ progress: 90 }) as never);
    reporter.finish();
    expect(
      s
        .text()
        .split("\r")
        .filter(Boolean)
        .map((f) => /\] +(\d+)%/.exec(f)![1]),
    ).toEqual(["10", "90"]);
    expect(s.text().endsWith("\n")).toBe(true);
  });

  it("counts the bar's ETA down between events", async () => {
    vi.useFakeTimers();
    try {
      const s = sink();
      const reporter = new ProgressReporter("bar", s.out);
      reporter.update(record({ progress: 20, eta_seconds: 9 }) as never);
      await vi.advanceTimersByTimeAsync(3000);
      reporter.finish();
      const etas = s
        .text()
        .split("\r")
        .filter(Boolean)
        .map((f) => /ETA (\d+)s/.exec(f)![1]);
      expect(etas).toEqual(["9", "8", "7", "6"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes a plain line per change (none for a repeat) when not on a terminal", () => {
    const s = sink();
    const reporter = new ProgressReporter("lines", s.out);
    for (const progress of [0, 0, 40]) reporter.update(record({ progress, eta_seconds: 5 - progress / 10 }) as never);
    reporter.finish();
    expect(s.text()).toBe("vid_test processing 0% ETA 5s\nvid_test processing 40% ETA 1s\n");
  });
});
