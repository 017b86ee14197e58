import type { z } from "zod";
import { routeStats } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { RouteStatsInput } from "./routeStats.schema";

const DAY_MS = 86_400_000;

export function routeStatsHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RouteStatsInput> }) {
  const to = new Date();
  return routeStats(ctx.db, { from: new Date(to.getTime() - input.days * DAY_MS), to });
}
