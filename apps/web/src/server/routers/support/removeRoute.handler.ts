import type { z } from "zod";
import { removeRoute } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { RemoveRouteInput } from "./removeRoute.schema";

export function removeRouteHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RemoveRouteInput> }) {
  return removeRoute(ctx.db, { routeId: input.routeId, actorId: ctx.user.id, reason: input.reason });
}
