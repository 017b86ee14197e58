// Adding a provider route to a model (docs/operations.md#routes-and-providers).
import { formatUsd } from "@vgen/contracts";
import { type Db, newId } from "@vgen/db";
import { LOCAL_PROVIDER } from "../providers";
import { checkRouteFields, type RouteFields } from "./route-fields";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

export type NewRoute = Omit<RouteFields, "position" | "enabled"> & { position?: number; enabled?: boolean };

/**
 * Adds a route to a model. Without a position, an upstream route goes after the model's other
 * upstream routes and before the local renderer (the fallback), a local one last. Its credentials
 * need not be configured yet: the runner skips it until they are.
 */
export async function addRoute(db: Db, input: { modelId: string; actorId: string; route: NewRoute; reason?: string }) {
  return db.$transaction(async (tx) => {
    // The model's row lock keeps two additions from picking the same default position.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM catalog_models WHERE id = ${input.modelId} FOR UPDATE`;
    if (locked.length === 0) throw new SupportError("resource_not_found", `No model '${input.modelId}'.`, "modelId");
    const siblings = await tx.modelRoute.findMany({
      where: { modelId: input.modelId },
      select: { provider: true, position: true },
    });
    const fields = checkRouteFields({
      ...input.route,
      position: input.route.position ?? defaultPosition(input.route.provider.trim(), siblings),
      enabled: input.route.enabled ?? true,
    });
    const route = await tx.modelRoute.create({ data: { id: newId("rte"), modelId: input.modelId, ...fields } });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "route.create",
      targetId: route.id,
      details: {
        modelId: input.modelId,
        ...fields,
        costMicrosPerSecond: formatUsd(fields.costMicrosPerSecond),
        ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
      },
    });
    return route;
  });
}

function defaultPosition(provider: string, siblings: { provider: string; position: number }[]): number {
  const last = (routes: { position: number }[]) => Math.max(-1, ...routes.map((r) => r.position));
  if (provider === LOCAL_PROVIDER) return last(siblings) + 1;
  return last(siblings.filter((r) => r.provider !== LOCAL_PROVIDER)) + 1;
}
