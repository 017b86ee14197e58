import { sweepExpiredOutputs } from "../../retention";
import type { Sweep } from "./sweep";

/**
 * Deletes outputs past their retention soon after `expires_at`: a cheap scan of a partial index
 * (outputs not yet deleted), empty almost every time.
 */
export const retentionSweep: Sweep = {
  everyMs: 10_000,
  run: (db) => sweepExpiredOutputs(db),
  failure: "output retention sweep failed",
};
