// The circuit of an account endpoint (docs/api.md#paused-endpoints): an endpoint that keeps failing
// is paused (its events held, one probe per cool-down), its owner is told by email and on the
// webhooks page, and it resumes when a probe or any other attempt succeeds, or when the owner says.
import type { Db, Tx } from "@vgen/db";
import { queueMail, mailLocale, recipientsOf, webhookPausedMail } from "../mail";
import { logger, sendInTransaction, WEBHOOK_QUEUE } from "../platform";
import type { WebhookJob } from "./deliveries";
import { getEndpoint, type EndpointView } from "./endpoints";
import { CIRCUIT_COOLDOWN_MS, circuitShouldOpen, HEALTHY, laneKey, type LaneHealth } from "./schedule";

/** Held deliveries woken per resume; any beyond wake at the next probe time they were deferred to. */
const RESUME_WAKE_LIMIT = 1000;

/** A probe is going now: the next one may go after a cool-down. */
export async function startProbe(tx: Tx, endpointId: string, now: Date): Promise<void> {
  await tx.webhookEndpoint.update({
    where: { id: endpointId },
    data: { probeAt: new Date(now.getTime() + CIRCUIT_COOLDOWN_MS) },
  });
}

/** An attempt succeeded: a paused endpoint is back in service and its held deliveries go now. */
export async function closeCircuit(tx: Tx, endpointId: string): Promise<void> {
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, pausedAt: { not: null } },
    data: { pausedAt: null, probeAt: null },
  });
  if (count === 0) return;
  logger.info({ endpointId }, "webhook endpoint resumed after a successful attempt");
  await wakeHeld(tx, endpointId);
}

/**
 * Queues the next attempt of the endpoint's pending deliveries now (held ones sleep until the
 * next probe time otherwise). A job for an attempt already made or in flight finds nothing to do
 * (deliveries.ts), so waking one that was not held is harmless.
 */
async function wakeHeld(tx: Tx, endpointId: string): Promise<void> {
  const held = await tx.$queryRaw<{ id: string; done: number }[]>`
    SELECT d.id, (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id AND NOT a.manual) AS done
    FROM webhook_deliveries d WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending'
    ORDER BY d.created_at, d.id LIMIT ${RESUME_WAKE_LIMIT}`;
  for (const d of held) {
    await sendInTransaction(tx, WEBHOOK_QUEUE, { deliveryId: d.id, attempt: d.done + 1 } satisfies WebhookJob);
  }
}

/** After a failed attempt: pauses the endpoint if it has kept failing, and emails its owner once. */
export async function openCircuitIfDue(tx: Tx, endpointId: string, health: LaneHealth, now: Date): Promise<void> {
  if (!circuitShouldOpen(health, now)) return;
  const probeAt = new Date(now.getTime() + CIRCUIT_COOLDOWN_MS);
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, pausedAt: null },
    data: { pausedAt: now, probeAt },
  });
  if (count === 0) return; // already paused (or deleted)
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: { url: true, account: { select: { id: true, deletedAt: true } } },
  });
  logger.warn({ endpointId, accountId: endpoint.account.id, failures: health.failureStreak }, "webhook endpoint paused");
  if (endpoint.account.deletedAt) return;
  for (const r of await recipientsOf(tx, endpoint.account.id)) {
    const mail = webhookPausedMail(
      { endpointId, url: endpoint.url, failures: health.failureStreak, failingSince: health.failingSince ?? now, probeAt },
      mailLocale(r.locale),
    );
    await queueMail(tx, { accountId: endpoint.account.id, to: r.email, ...mail });
  }
}

/**
 * The owner's "Resume": the endpoint leaves the paused state with its failure run forgotten (a
 * timing-out receiver still gets the short timeout, one attempt at a time), and its held
 * deliveries are queued now.
 */
export async function resumeEndpoint(db: Db, accountId: string, id: string): Promise<EndpointView> {
  await getEndpoint(db, accountId, id);
  await db.$transaction(async (tx) => {
    await tx.webhookEndpoint.updateMany({ where: { id, accountId }, data: { pausedAt: null, probeAt: null } });
    await tx.webhookLane.updateMany({
      where: { key: laneKey({ accountId, endpointId: id, url: "" }) },
      data: { failureStreak: HEALTHY.failureStreak, failingSince: HEALTHY.failingSince },
    });
    await wakeHeld(tx, id);
  });
  return getEndpoint(db, accountId, id);
}
