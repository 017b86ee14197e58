import type { Db } from "@vgen/db";
import { logger } from "../../../platform";

/** Work each worker process repeats on a timer, whatever its jobs: safe to run in several processes at once. */
export interface Sweep {
  everyMs: number;
  run(db: Db): Promise<unknown>;
  /** Logged, with the error, when a run fails; the next run tries again. */
  failure: string;
}

/** Starts every sweep on its own timer (which does not keep the process alive); returns what stops them. */
export function startSweeps(db: Db, sweeps: Sweep[]): () => void {
  const timers = sweeps.map((sweep) => {
    const timer = setInterval(() => {
      sweep.run(db).catch((err) => logger.error({ err }, sweep.failure));
    }, sweep.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
