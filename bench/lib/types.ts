/**
 * The contract between the bench runner (bench/run.ts) and its cases (bench/cases/*.ts).
 * Every case measures the app and its floor in the same run, alternating rounds, and returns rows.
 */
export interface BenchContext {
  /** CI mode: a few seconds per case; proves the bench works and prints ratios, never fails on one. */
  short: boolean;
  /** Admin URL of the PostgreSQL server the run uses (embedded, or BENCH_DATABASE_URL). */
  adminUrl: string;
  /** A new empty database on that server (dropped when the run ends); returns its URL. */
  freshDatabase(name: string): Promise<string>;
  /** Redis for the production-path rows, when one answers (BENCH_REDIS_URL, default redis://127.0.0.1:6379). */
  redisUrl: string | null;
  log(message: string): void;
}

export interface BenchRow {
  /** Case name, e.g. "create". */
  case: string;
  /** What was measured, e.g. "throughput (req/s) at 50 connections". */
  metric: string;
  unit: string;
  app: number;
  /** The floor's figure from the same run, when the metric has one. */
  floor: number | null;
  /** Whether a higher or a lower figure is better (decides how the ratio reads). */
  better: "higher" | "lower";
  /** The issue's target in words, e.g. ">= 0.5x floor", "<= 64 KB per stream". */
  target: string | null;
  /** Whether the target was met in this run (null when the row has no target). */
  met: boolean | null;
  /** Anything a reader needs to interpret the row (mode, sizes, errors seen). */
  note?: string;
}

export interface BenchCase {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
