/** Rows of the request cases, from the two sides' summaries. */
import { describeAnswers, type SideSummary } from "./load";
import type { BenchRow } from "./types";

function answers(app: SideSummary, floor: SideSummary): string {
  return `app ${describeAnswers(app)}; floor ${describeAnswers(floor)}`;
}

/** Throughput, met when the app reaches `minRatio` of the floor. */
export function throughputRow(
  caseName: string,
  metric: string,
  app: SideSummary,
  floor: SideSummary,
  minRatio: number | null,
  extra = "",
): BenchRow {
  return {
    case: caseName,
    metric,
    unit: "req/s",
    app: app.rps,
    floor: floor.rps,
    better: "higher",
    target: minRatio === null ? null : `>= ${minRatio}x floor`,
    met: minRatio === null ? null : app.rps >= minRatio * floor.rps,
    note: [extra, answers(app, floor)].filter(Boolean).join("; "),
  };
}

/** p99 latency, met when the app stays within `maxRatio` times the floor's. */
export function p99Row(
  caseName: string,
  metric: string,
  app: SideSummary,
  floor: SideSummary,
  maxRatio: number | null,
): BenchRow {
  return {
    case: caseName,
    metric,
    unit: "ms",
    app: app.p99,
    floor: floor.p99,
    better: "lower",
    target: maxRatio === null ? null : `<= ${maxRatio}x floor`,
    met: maxRatio === null ? null : app.p99 <= maxRatio * floor.p99,
    note: `median p50: app ${app.p50.toFixed(0)} ms, floor ${floor.p50.toFixed(0)} ms`,
  };
}

/**
 * The whole machine's CPU time per answer (app or floor, PostgreSQL and the load generator alike):
 * on a machine the load saturates, throughput is about one over it, and it moves far less than
 * throughput when the host is noisy. No row off Linux.
 */
export function machineCpuRows(caseName: string, metric: string, app: SideSummary, floor: SideSummary): BenchRow[] {
  if (app.cpuMsPerOk === null || floor.cpuMsPerOk === null) return [];
  return [
    {
      case: caseName,
      metric,
      unit: "ms",
      app: app.cpuMsPerOk,
      floor: floor.cpuMsPerOk,
      better: "lower",
      target: null,
      met: null,
      note: "busy CPU of every process on the machine in the measuring window, per 2xx answer (median of rounds)",
    },
  ];
}
