// Closing a route's circuit breaker by hand, e.g. once its upstream says an outage is over
// (docs/operations.md#routes-and-providers).
import type { Db } from "@vgen/db";
import { lockRoute } from "./route-fields";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/** Closes the breaker and forgets the failures in a row; the last error stays for reference. */
export async function resetRouteBreaker(db: Db, input: { routeId: string; actorId: string; reason?: string }) {
  return db.$transaction(async (tx) => {
    const route = await lockRoute(tx, input.routeId);
    if (route.breakerState === "closed" && route.consecutiveFailures === 0)
      throw new SupportError("action_not_allowed", "The breaker is already closed with no failures counted.");
    const updated = await tx.modelRoute.update({
      where: { id: route.id },
      data: { breakerState: "closed", consecutiveFailures: 0, breakerCooldownMs: 0, breakerRetryAt: null },
    });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "route.reset_breaker",
      targetId: route.id,
      details: {
        modelId: route.modelId,
        from: { state: route.breakerState, consecutiveFailures: route.consecutiveFailures, retryAt: route.breakerRetryAt },
        ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
      },
    });
    return updated;
  });
}
