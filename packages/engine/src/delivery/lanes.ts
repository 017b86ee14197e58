// Fair delivery (docs/api.md#delivery-fairness): every attempt, automatic, manual or test, first
// takes a lease (webhook_leases) for its destination ("lane") and account. The counts of unexpired
// leases are the in-flight numbers every process shares, so a hanging receiver holds at most its
// lane's and its account's share of delivery capacity, and a delivery that finds either full
// waits in the queue without holding a worker slot. Claims of one account are serialised by a
// transaction-scoped advisory lock, so two processes cannot both take the last slot.
import { env } from "@vgen/config";
import type { Db, Prisma, WebhookDelivery } from "@vgen/db";
import { sendInTransaction, WEBHOOK_QUEUE } from "../platform/queue";
import { closeCircuit, openCircuitIfDue, startProbe } from "./circuit";
import { afterAttempt, attemptTimeoutMs, BUSY_RECHECK_MS, HEALTHY, laneConcurrency, laneKey, type LaneHealth } from "./schedule";

type Tx = Prisma.TransactionClient;
type Routed = Pick<WebhookDelivery, "id" | "accountId" | "endpointId" | "url">;

/** A crashed process's lease lapses this long after its attempt's timeout. */
const LEASE_MARGIN_MS = 30_000;

export type Claim = { granted: true; timeoutMs: number } | { granted: false; reason: "busy" | "paused"; retryAt: Date };

async function healthOf(tx: Tx, lane: string): Promise<LaneHealth> {
  const row = await tx.webhookLane.findUnique({
    where: { key: lane },
    select: { failureStreak: true, failingSince: true, timeoutStreak: true },
  });
  return row ?? HEALTHY;
}

/**
 * Takes a slot for one attempt of `d`, or says when to look again: while its endpoint is paused
 * (until the next probe), or while its lane or account has as many attempts in flight as allowed.
 */
export async function claimSlot(db: Db, d: Routed, now: Date = new Date()): Promise<Claim> {
  const lane = laneKey(d);
  const { WEBHOOK_DESTINATION_CONCURRENCY, WEBHOOK_ACCOUNT_CONCURRENCY } = env();
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`webhook-account:${d.accountId}`}::text))`;
    await tx.webhookLease.deleteMany({ where: { accountId: d.accountId, expiresAt: { lte: now } } });
    let probing = false;
    if (d.endpointId) {
      const endpoint = await tx.webhookEndpoint.findUnique({
        where: { id: d.endpointId },
        select: { pausedAt: true, probeAt: true },
      });
      if (endpoint?.pausedAt) {
        if (endpoint.probeAt && endpoint.probeAt > now) return { granted: false, reason: "paused", retryAt: endpoint.probeAt };
        probing = true;
      }
    }
    const health = await healthOf(tx, lane);
    const [inFlight] = await tx.$queryRaw<{ lane: number; account: number; mine: number }[]>`
      SELECT count(*) FILTER (WHERE lane = ${lane})::int AS lane, count(*)::int AS account,
        count(*) FILTER (WHERE delivery_id = ${d.id})::int AS mine
      FROM webhook_leases WHERE account_id = ${d.accountId}`;
    const busy =
      inFlight!.mine > 0 ||
      inFlight!.lane >= laneConcurrency(health, WEBHOOK_DESTINATION_CONCURRENCY, probing) ||
      inFlight!.account >= WEBHOOK_ACCOUNT_CONCURRENCY;
    if (busy) return { granted: false, reason: "busy", retryAt: new Date(now.getTime() + BUSY_RECHECK_MS) };
    const timeoutMs = attemptTimeoutMs(health, probing);
    await tx.webhookLease.create({
      data: { deliveryId: d.id, accountId: d.accountId, lane, expiresAt: new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS) },
    });
    // One probe per cool-down: the next claim waits for this one's outcome (or the next probe time).
    if (probing) await startProbe(tx, d.endpointId!, now);
    return { granted: true, timeoutMs };
  });
}

/**
 * In the transaction that records an attempt: gives its slot back and moves the lane's health on;
 * for an endpoint, a success closes its circuit and a long run of failures opens it.
 */
export async function settleSlot(
  tx: Tx,
  d: Routed,
  outcome: { ok: boolean; timedOut: boolean },
  now: Date = new Date(),
): Promise<void> {
  const lane = laneKey(d);
  await tx.webhookLease.deleteMany({ where: { deliveryId: d.id } });
  await tx.$executeRaw`
    INSERT INTO webhook_lanes (key, account_id, updated_at) VALUES (${lane}, ${d.accountId}, ${now})
    ON CONFLICT (key) DO NOTHING`;
  const [locked] = await tx.$queryRaw<LaneHealth[]>`
    SELECT failure_streak AS "failureStreak", failing_since AS "failingSince", timeout_streak AS "timeoutStreak"
    FROM webhook_lanes WHERE key = ${lane} FOR UPDATE`;
  const health = afterAttempt(locked!, outcome, now);
  await tx.webhookLane.update({ where: { key: lane }, data: { ...health, updatedAt: now } });
  if (!d.endpointId) return;
  if (outcome.ok) await closeCircuit(tx, d.endpointId);
  else await openCircuitIfDue(tx, d.endpointId, health, now);
}

/** Puts a job back in the queue for `retryAt` (no attempt made), showing the time as the delivery's next attempt. */
export async function deferJob(db: Db, job: { deliveryId: string; attempt: number }, retryAt: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.updateMany({
      where: { id: job.deliveryId, status: "pending" },
      data: { nextAttemptAt: retryAt },
    });
    await sendInTransaction(tx, WEBHOOK_QUEUE, job, { startAfter: retryAt });
  });
}
