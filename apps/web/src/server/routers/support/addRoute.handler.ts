import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { addRoute } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AddRouteInput } from "./addRoute.schema";

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
