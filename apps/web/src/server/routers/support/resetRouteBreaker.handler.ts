import type { z } from "zod";
import { resetRouteBreaker } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { ResetRouteBreakerInput } from "./resetRouteBreaker.schema";

export function resetRouteBreakerHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof ResetRouteBreakerInput> }) {
  return resetRouteBreaker(ctx.db, { routeId: input.routeId, actorId: ctx.user.id, reason: input.reason });
}
