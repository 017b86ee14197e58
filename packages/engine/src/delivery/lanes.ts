// Fair delivery (docs/api.md#delivery-fairness): every attempt, automatic, manual or test, first
// takes a lease (webhook_leases) for its destination ("lane") and account. The counts of unexpired
// leases are the in-flight numbers every process shares, so a hanging receiver holds at most its
// lane's and its account's share of delivery capacity. A delivery that finds either full is
// parked in webhook_waits without holding a worker; the attempt that frees a slot wakes the oldest
// waiting delivery of each of the account's lanes (a backstop job covers a crashed attempt). Claims
// and releases of one account are serialised by a transaction-scoped advisory lock, so two
// processes cannot both take the last slot, nor park a delivery just after its slot was freed.
import { env } from "@vgen/config";
import type { Db, WebhookDelivery, Tx } from "@vgen/db";
import { sendInTransaction, WEBHOOK_QUEUE } from "../platform";
import { closeCircuit, openCircuitIfDue, startProbe } from "./circuit";
import type { WebhookJob } from "./deliveries";
import { afterAttempt, attemptTimeoutMs, HEALTHY, laneConcurrency, laneKey, type LaneHealth } from "./schedule";

type Routed = Pick<WebhookDelivery, "id" | "accountId" | "endpointId" | "url">;

/** A crashed process's lease lapses this long after its attempt's timeout. */
const LEASE_MARGIN_MS = 30_000;
/** A parked delivery looks again after this even if no attempt wakes it (a crashed one's lease lapsing). */
const WAIT_BACKSTOP_MS = 30_000;
/** Lanes whose oldest waiting delivery a freed slot wakes. */
const WAKE_LANES = 20;

export type Claim = { granted: true; timeoutMs: number } | { granted: false; reason: "busy" | "paused"; retryAt: Date };

async function lockAccount(tx: Tx, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`webhook-account:${accountId}`}::text))`;
}

async function healthOf(tx: Tx, lane: string): Promise<LaneHealth> {
  const row = await tx.webhookLane.findUnique({
    where: { key: lane },
    select: { failureStreak: true, failingSince: true, timeoutStreak: true },
  });
  return row ?? HEALTHY;
}

/**
 * Takes a slot for one attempt of `d`, or says when it will be looked at again: while its endpoint
 * is paused, at the next probe; while its lane or account has as many attempts in flight as
 * allowed, when one of them ends. For a queued attempt (`job`) the job that will do so is queued
 * here, in the same transaction; a manual attempt (no job) is only refused.
 */
export async function claimSlot(db: Db, d: Routed, job: WebhookJob | null, now: Date = new Date()): Promise<Claim> {
  const lane = laneKey(d);
  const { WEBHOOK_DESTINATION_CONCURRENCY, WEBHOOK_ACCOUNT_CONCURRENCY } = env();
  return db.$transaction(async (tx) => {
    await lockAccount(tx, d.accountId);
    await tx.webhookLease.deleteMany({ where: { accountId: d.accountId, expiresAt: { lte: now } } });
    let probing = false;
    if (d.endpointId) {
      const endpoint = await tx.webhookEndpoint.findUnique({
        where: { id: d.endpointId },
        select: { pausedAt: true, probeAt: true },
      });
      if (endpoint?.pausedAt) {
        if (endpoint.probeAt && endpoint.probeAt > now) {
          // No wait row: a closing circuit or the owner's resume wakes the held deliveries.
          if (job) await sendInTransaction(tx, WEBHOOK_QUEUE, job, { startAfter: endpoint.probeAt });
          return { granted: false, reason: "paused", retryAt: endpoint.probeAt };
        }
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
    if (busy) {
      const retryAt = new Date(now.getTime() + WAIT_BACKSTOP_MS);
      if (job) {
        await tx.$executeRaw`
          INSERT INTO webhook_waits (delivery_id, account_id, lane, attempt, since)
          VALUES (${d.id}, ${d.accountId}, ${lane}, ${job.attempt}, ${now})
          ON CONFLICT (delivery_id) DO UPDATE SET attempt = EXCLUDED.attempt`;
        await sendInTransaction(tx, WEBHOOK_QUEUE, job, { startAfter: retryAt });
      }
      return { granted: false, reason: "busy", retryAt };
    }
    await tx.webhookWait.deleteMany({ where: { deliveryId: d.id } });
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
 * In the transaction that records an attempt: gives its slot back, wakes the deliveries waiting
 * for one, and moves the lane's health on; for an endpoint, a success closes its circuit and a long
 * run of failures opens it.
 */
export async function settleSlot(
  tx: Tx,
  d: Routed,
  outcome: { ok: boolean; timedOut: boolean },
  now: Date = new Date(),
): Promise<void> {
  const lane = laneKey(d);
  await lockAccount(tx, d.accountId);
  await tx.webhookLease.deleteMany({ where: { deliveryId: d.id } });
  await wakeWaiting(tx, d.accountId);
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

/** A slot of the account freed: the oldest waiting delivery of each of its lanes tries again now. */
async function wakeWaiting(tx: Tx, accountId: string): Promise<void> {
  // DELETE … RETURNING: of two releases at once, each wakes a delivery once.
  const woken = await tx.$queryRaw<WebhookJob[]>`
    DELETE FROM webhook_waits WHERE delivery_id IN (
      SELECT DISTINCT ON (lane) delivery_id FROM webhook_waits WHERE account_id = ${accountId}
      ORDER BY lane, since, delivery_id LIMIT ${WAKE_LANES})
    RETURNING delivery_id AS "deliveryId", attempt`;
  for (const job of woken) await sendInTransaction(tx, WEBHOOK_QUEUE, { deliveryId: job.deliveryId, attempt: job.attempt });
}
