// The deadline sweeper (docs/api.md#deadlines), run every second by each worker process; finish()
// only ends a generation still processing, so concurrent sweepers cancel each one once.
import type { Db } from "@vgen/db";
import { logger } from "../../../platform";
import { cancelPastDeadline } from "../../store";
import type { Sweep } from "./sweep";

/** Generations canceled per sweep at most; the next sweep, a second later, takes the rest. */
const SWEEP_BATCH = 100;

/** Cancels the processing generations whose deadline has passed; returns how many. */
export async function cancelOverdueGenerations(db: Db): Promise<number> {
  const overdue = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM generations
     WHERE status = 'processing' AND deadline_at IS NOT NULL AND deadline_at <= now()
     ORDER BY deadline_at LIMIT ${SWEEP_BATCH}`;
  let canceled = 0;
  for (const { id } of overdue) {
    if (await cancelPastDeadline(db, id)) canceled++;
  }
  if (canceled) logger.info({ canceled }, "canceled generations past their deadline");
  return canceled;
}

/** Deadlines are kept to the second: a cheap indexed scan (only processing rows with a deadline). */
export const deadlineSweep: Sweep = { everyMs: 1_000, run: cancelOverdueGenerations, failure: "deadline sweep failed" };
