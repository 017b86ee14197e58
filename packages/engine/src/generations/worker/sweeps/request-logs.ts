import { env } from "@vgen/config";
import { deleteExpiredRequestLogs } from "../../../observability";
import type { Sweep } from "./sweep";

/** Request log rows older than REQUEST_LOG_RETENTION_DAYS go, once a minute. */
export const requestLogSweep: Sweep = {
  everyMs: 60_000,
  run: (db) => deleteExpiredRequestLogs(db, env().REQUEST_LOG_RETENTION_DAYS),
  failure: "request log cleanup failed",
};
