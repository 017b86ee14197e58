import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import {
  addRoute,
  listRoutesForStaff,
  removeRoute,
  reorderRoutes,
  resetRouteBreaker,
  routeStats,
  updateRoute,
} from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AddRouteInput, ReorderRoutesInput, RouteActionInput, RouteStatsInput, UpdateRouteInput } from "./routes.schema";

const DAY_MS = 86_400_000;

export function routesHandler({ ctx }: { ctx: StaffContext }) {
  return listRoutesForStaff(ctx.db);
}

export function routeStatsHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RouteStatsInput> }) {
  const to = new Date();
  return routeStats(ctx.db, { from: new Date(to.getTime() - input.days * DAY_MS), to });
}

export function addRouteHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AddRouteInput> }) {
  const { modelId, reason, cost, upstreamModel, credentials, ...fields } = input;
  return addRoute(ctx.db, {
    modelId,
    actorId: ctx.user.id,
    reason,
    route: {
      ...fields,
      upstreamModel: upstreamModel ?? null,
      credentials: credentials ?? null,
      costMicrosPerSecond: parseUsd(cost),
    },
  });
}

export function updateRouteHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof UpdateRouteInput> }) {
  const { routeId, reason, cost, upstreamModel, credentials, ...fields } = input;
  return updateRoute(ctx.db, {
    routeId,
    actorId: ctx.user.id,
    reason,
    patch: {
      ...fields,
      // An empty field clears it (a local route keeps neither).
      ...(upstreamModel !== undefined ? { upstreamModel: upstreamModel || null } : {}),
      ...(credentials !== undefined ? { credentials: credentials || null } : {}),
      ...(cost !== undefined ? { costMicrosPerSecond: parseUsd(cost) } : {}),
    },
  });
}

export function removeRouteHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RouteActionInput> }) {
  return removeRoute(ctx.db, { routeId: input.routeId, actorId: ctx.user.id, reason: input.reason });
}

export function resetRouteBreakerHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RouteActionInput> }) {
  return resetRouteBreaker(ctx.db, { routeId: input.routeId, actorId: ctx.user.id, reason: input.reason });
}

export function reorderRoutesHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof ReorderRoutesInput> }) {
  return reorderRoutes(ctx.db, { modelId: input.modelId, routeIds: input.routeIds, actorId: ctx.user.id, reason: input.reason });
}
