import { drainAlertEvents } from "../../../alerts";
import type { Sweep } from "./sweep";

/** Balance alerts wait in their outbox for at most this long: one indexed lookup when there are none. */
export const alertSweep: Sweep = { everyMs: 2_000, run: drainAlertEvents, failure: "alert drain failed" };
