import type { z } from "zod";
import { reorderRoutes } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { ReorderRoutesInput } from "./reorderRoutes.schema";

export function reorderRoutesHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof ReorderRoutesInput> }) {
  return reorderRoutes(ctx.db, { modelId: input.modelId, routeIds: input.routeIds, actorId: ctx.user.id, reason: input.reason });
}
