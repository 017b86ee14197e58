// The delivery log's retention (docs/api.md#webhook-retention): a finished delivery (delivered or
// failed for good) and its attempts go after WEBHOOK_DELIVERY_RETENTION_DAYS, as Stripe keeps 30
// days of them; a listen session not seen for LISTEN_SESSION_RETENTION_DAYS goes with its
// deliveries (a CLI back after that gets a new session and secret). Pending deliveries stay.
import type { Db } from "@vgen/db";
import { deleteInBatches } from "../platform";

const DELETE_BATCH = 1000;
const DAY_MS = 86_400_000;

export interface PruneDeliveryLogResult {
  deliveries: number;
  listenSessions: number;
}

export async function pruneDeliveryLog(
  db: Db,
  retention: { deliveryDays: number; listenSessionDays: number },
  now = new Date(),
): Promise<PruneDeliveryLogResult> {
  const deliveriesBefore = new Date(now.getTime() - retention.deliveryDays * DAY_MS);
  const sessionsBefore = new Date(now.getTime() - retention.listenSessionDays * DAY_MS);
  const listenSessions = await deleteInBatches(
    DELETE_BATCH,
    (limit) => db.$executeRaw`
      DELETE FROM webhook_listen_sessions WHERE id IN (
        SELECT id FROM webhook_listen_sessions WHERE last_seen_at < ${sessionsBefore} LIMIT ${limit})`,
  );
  const deliveries = await deleteInBatches(
    DELETE_BATCH,
    (limit) => db.$executeRaw`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE created_at < ${deliveriesBefore} AND status <> 'pending' LIMIT ${limit})`,
  );
  return { deliveries, listenSessions };
}
