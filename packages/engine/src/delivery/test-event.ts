import { formatTimestamp, WEBHOOK_TEST_EVENT } from "@vgen/contracts";
import { newId, type Db, type Prisma } from "@vgen/db";
import { processWebhookJob, type WebhookJobResult } from "./deliveries";
import { getEndpoint } from "./endpoints";

/**
 * The dashboard's "Send test event": a `webhook.test` delivery to one endpoint (enabled or not),
 * signed with its secret, attempted at once by the same job code as every delivery, so a failure
 * is retried on the same schedule and every attempt shows in the endpoint's log. It takes a slot
 * like any attempt: while the endpoint or account is at its limit, or the endpoint is paused, it
 * waits in the queue (`deferred` / `paused`) instead of adding another request.
 */
export async function sendTestEvent(
  db: Db,
  accountId: string,
  endpointId: string,
  now: Date = new Date(),
): Promise<{ deliveryId: string; result: WebhookJobResult }> {
  const endpoint = await getEndpoint(db, accountId, endpointId);
  const deliveryId = newId("whd");
  const payload = {
    type: WEBHOOK_TEST_EVENT,
    data: { endpoint_id: endpoint.id, message: "Test event from the vgen dashboard.", created_at: formatTimestamp(now) },
  };
  await db.webhookDelivery.create({
    data: {
      id: deliveryId,
      accountId,
      endpointId: endpoint.id,
      destination: endpoint.id,
      url: endpoint.url,
      eventType: WEBHOOK_TEST_EVENT,
      payload: payload as Prisma.InputJsonValue,
      body: JSON.stringify(payload),
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  // The first attempt runs here rather than in a queued job, so the dashboard can show its outcome.
  const result = await processWebhookJob(db, { deliveryId, attempt: 1 });
  return { deliveryId, result };
}
