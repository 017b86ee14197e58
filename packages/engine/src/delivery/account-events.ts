// Account events (docs/api.md#balance-alerts): one delivery per enabled endpoint subscribed to the
// event, with no generation, queued in the caller's transaction.
import type { AccountWebhookEvent } from "@vgen/contracts";
import { newId, type Prisma } from "@vgen/db";
import { sendInTransaction, WEBHOOK_QUEUE } from "../platform/queue";
import type { WebhookJob } from "./deliveries";

/** Queues `{type: event, data}` to the account's subscribed endpoints. Returns the delivery ids. */
export async function queueAccountEvent(
  tx: Prisma.TransactionClient,
  accountId: string,
  event: AccountWebhookEvent,
  data: Record<string, unknown>,
  now: Date = new Date(),
): Promise<string[]> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { accountId, enabled: true, events: { has: event } },
    select: { id: true, url: true },
    orderBy: { createdAt: "asc" },
  });
  const payload = { type: event, data } as Prisma.InputJsonValue;
  const ids: string[] = [];
  for (const endpoint of endpoints) {
    const id = newId("delivery");
    await tx.webhookDelivery.create({
      data: {
        id,
        accountId,
        endpointId: endpoint.id,
        destination: endpoint.id,
        url: endpoint.url,
        eventType: event,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      },
    });
    await sendInTransaction(tx, WEBHOOK_QUEUE, { deliveryId: id, attempt: 1 } satisfies WebhookJob);
    ids.push(id);
  }
  return ids;
}
