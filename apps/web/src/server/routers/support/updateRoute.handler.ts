import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { updateRoute } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { UpdateRouteInput } from "./updateRoute.schema";

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
