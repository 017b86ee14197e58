// Account events (docs/api.md#balance-alerts) and triggered sample events (docs/api.md#listen): one
// delivery per enabled endpoint subscribed to the event and per listen session, with no
// generation, queued in the caller's transaction.
import type { EndpointEvent } from "@vgen/contracts";
import { newId, type Prisma, type Tx } from "@vgen/db";
import { type Destination, listenDestinations, startDelivery } from "./fan-out";

/** Queues `{type: event, data}` to the account's subscribed endpoints and listen sessions. Returns the delivery ids. */
export async function queueAccountEvent(
  tx: Tx,
  accountId: string,
  event: EndpointEvent,
  data: Record<string, unknown>,
  opts: { now?: Date; livemode?: boolean } = {},
): Promise<string[]> {
  const now = opts.now ?? new Date();
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { accountId, enabled: true, events: { has: event } },
    select: { id: true, url: true },
    orderBy: { createdAt: "asc" },
  });
  const destinations: Destination[] = [
    ...endpoints.map((e) => ({ key: e.id, endpointId: e.id, listenSessionId: null, url: e.url })),
    ...(await listenDestinations(tx, accountId, event, opts.livemode ?? true)),
  ];
  const body = JSON.stringify({ type: event, data });
  const ids: string[] = [];
  for (const d of destinations) {
    const id = newId("whd");
    await tx.webhookDelivery.create({
      data: {
        id,
        accountId,
        endpointId: d.endpointId,
        listenSessionId: d.listenSessionId,
        destination: d.key,
        url: d.url,
        eventType: event,
        payload: JSON.parse(body) as Prisma.InputJsonValue,
        body,
        nextAttemptAt: now,
        createdAt: now,
      },
    });
    await startDelivery(tx, id, d);
    ids.push(id);
  }
  return ids;
}
