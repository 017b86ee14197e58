import { env } from "@vgen/config";
import { pruneDeliveryLog } from "../../../delivery";
import type { Sweep } from "./sweep";

/** The webhook delivery log and stale listen sessions past their retention go, once an hour. */
export const deliveryLogSweep: Sweep = {
  everyMs: 3_600_000,
  run: (db) =>
    pruneDeliveryLog(db, {
      deliveryDays: env().WEBHOOK_DELIVERY_RETENTION_DAYS,
      listenSessionDays: env().LISTEN_SESSION_RETENTION_DAYS,
    }),
  failure: "webhook delivery log cleanup failed",
};
