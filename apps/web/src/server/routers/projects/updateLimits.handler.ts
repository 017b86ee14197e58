import type { z } from "zod";
import { updateProjectLimits } from "@vgen/engine/projects";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import { toProjectLimits } from "./limits";
import type { UpdateProjectLimitsInput } from "./updateLimits.schema";

export function updateLimitsHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof UpdateProjectLimitsInput> }) {
  return updateProjectLimits(ctx.db, ctx.accountId, input.id, toProjectLimits(input), memberActor(ctx));
}
