// Removing a provider route (docs/operations.md#routes-and-providers). Disabling is usually the
// better choice: removal also deletes the route's attempt history, which its statistics read.
import { formatUsd } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { lockRoute, processingOn } from "./route-fields";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/** Removes a route no generation is processing on; a model keeps at least one route. */
export async function removeRoute(db: Db, input: { routeId: string; actorId: string; reason?: string }) {
  return db.$transaction(async (tx) => {
    // Under the row lock no worker can take a slot on it meanwhile (route-slot.ts takes the same lock).
    const route = await lockRoute(tx, input.routeId);
    const running = await processingOn(tx, route.id);
    if (running > 0)
      throw new SupportError(
        "state_conflict",
        `${running} generation(s) are processing on this route: disable it, and remove it once they finish.`,
      );
    const siblings = await tx.modelRoute.count({ where: { modelId: route.modelId, id: { not: route.id } } });
    if (siblings === 0)
      throw new SupportError(
        "action_not_allowed",
        `This is the only route of ${route.modelId}: add another first, or disable the model in the catalog.`,
      );
    await tx.modelRoute.delete({ where: { id: route.id } });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "route.remove",
      targetId: route.id,
      details: {
        modelId: route.modelId,
        position: route.position,
        provider: route.provider,
        upstreamModel: route.upstreamModel,
        credentials: route.credentials,
        maxConcurrency: route.maxConcurrency,
        costMicrosPerSecond: formatUsd(route.costMicrosPerSecond),
        enabled: route.enabled,
        ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
      },
    });
    return { id: route.id };
  });
}
