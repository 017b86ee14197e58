// Reordering a model's routes: the order the runner tries them in (docs/operations.md#routes-and-providers).
import type { Db } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/** Gives a model's routes positions 0, 1, 2… in the order listed, which must name each of its routes once. */
export async function reorderRoutes(db: Db, input: { modelId: string; routeIds: string[]; actorId: string; reason?: string }) {
  return db.$transaction(async (tx) => {
    // Locked in the order the runner takes them (route-slot.ts), so the two never wait on each other in a cycle.
    const current = await tx.$queryRaw<{ id: string; position: number }[]>`
      SELECT id, position FROM model_routes WHERE model_id = ${input.modelId} ORDER BY position, created_at FOR UPDATE`;
    if (current.length === 0) throw new SupportError("resource_not_found", `No routes of model '${input.modelId}'.`, "modelId");
    const known = new Set(current.map((r) => r.id));
    const listed = new Set(input.routeIds);
    if (listed.size !== input.routeIds.length || listed.size !== known.size || input.routeIds.some((id) => !known.has(id)))
      throw new SupportError("invalid_parameter", `List each route of ${input.modelId} exactly once.`, "routeIds");
    const moved = input.routeIds.filter((id, i) => current[i]?.id !== id || current[i]?.position !== i);
    if (moved.length === 0) throw new SupportError("action_not_allowed", "Nothing changed.");
    for (const [position, id] of input.routeIds.entries()) await tx.modelRoute.update({ where: { id }, data: { position } });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "route.reorder",
      targetId: input.modelId,
      details: {
        from: current.map((r) => r.id),
        to: input.routeIds,
        ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
      },
    });
    return { modelId: input.modelId, routeIds: input.routeIds };
  });
}
