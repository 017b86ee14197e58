/**
 * A circuit breaker per route (docs/providers.md#routes): after ROUTE_BREAKER_FAILURES retryable
 * failures in a row the route is open (skipped) for a cooldown; then one job may probe it
 * (half-open). A probe that succeeds closes it; one that fails opens it again for twice as long,
 * up to ROUTE_BREAKER_MAX_COOLDOWN_SECONDS. State lives in the route's row, shared by every worker.
 */
import { env } from "@vgen/config";
import { type BreakerState, type ModelRoute, Prisma, type DbOrTx } from "@vgen/db";

export type BreakerDecision = "closed" | "probe" | "open";

/** Whether a job may use the route now; call under the route's row lock. "probe" means it is the half-open probe. */
export function breakerDecision(route: Pick<ModelRoute, "breakerState" | "breakerRetryAt">, now = new Date()): BreakerDecision {
  if (route.breakerState === "closed") return "closed";
  // Open, or half-open with a probe whose result never came (its worker died): probe once the wait is over.
  return route.breakerRetryAt && route.breakerRetryAt <= now ? "probe" : "open";
}

/** Marks the route half-open for the probe now taking it; a later job waits until the probe reports. */
export async function startProbe(tx: DbOrTx, route: Pick<ModelRoute, "id" | "breakerCooldownMs">): Promise<void> {
  const wait = Math.max(route.breakerCooldownMs, env().ROUTE_BREAKER_COOLDOWN_SECONDS * 1000);
  await tx.modelRoute.update({
    where: { id: route.id },
    data: { breakerState: "half_open", breakerRetryAt: new Date(Date.now() + wait) },
  });
}

/** A retryable failure of the route (not of the request): counts toward opening it. */
export async function recordRouteFailure(tx: DbOrTx, routeId: string, detail: string): Promise<BreakerState> {
  const { ROUTE_BREAKER_FAILURES, ROUTE_BREAKER_COOLDOWN_SECONDS, ROUTE_BREAKER_MAX_COOLDOWN_SECONDS } = env();
  const base = ROUTE_BREAKER_COOLDOWN_SECONDS * 1000;
  // Opening: a failed probe (half-open), or the Nth failure in a row of a closed route. An open
  // route keeps its retry time when failures of jobs already in flight arrive.
  const opening = Prisma.sql`(breaker_state = 'half_open' OR (breaker_state = 'closed' AND consecutive_failures + 1 >= ${ROUTE_BREAKER_FAILURES}))`;
  const cooldown = Prisma.sql`CASE WHEN breaker_state = 'half_open'
      THEN LEAST(GREATEST(breaker_cooldown_ms * 2, ${base}), ${ROUTE_BREAKER_MAX_COOLDOWN_SECONDS * 1000})
      ELSE ${base} END`;
  const rows = await tx.$queryRaw<{ breaker_state: BreakerState }[]>`
    UPDATE model_routes SET
      consecutive_failures = consecutive_failures + 1,
      last_error = ${detail.slice(0, 500)},
      last_error_at = now(),
      breaker_cooldown_ms = CASE WHEN ${opening} THEN ${cooldown} ELSE breaker_cooldown_ms END,
      breaker_retry_at = CASE WHEN ${opening} THEN now() + (${cooldown}) * interval '1 millisecond' ELSE breaker_retry_at END,
      breaker_state = CASE WHEN ${opening} THEN 'open'::"BreakerState" ELSE breaker_state END,
      updated_at = now()
    WHERE id = ${routeId}
    RETURNING breaker_state`;
  return rows[0]?.breaker_state ?? "closed";
}

/** A success: the route is healthy again. Writes only when something was recorded against it. */
export async function recordRouteSuccess(tx: DbOrTx, routeId: string): Promise<void> {
  await tx.modelRoute.updateMany({
    where: { id: routeId, OR: [{ consecutiveFailures: { gt: 0 } }, { breakerState: { not: "closed" } }] },
    data: { consecutiveFailures: 0, breakerState: "closed", breakerCooldownMs: 0, breakerRetryAt: null },
  });
}
