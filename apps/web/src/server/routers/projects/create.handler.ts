import type { z } from "zod";
import { createProject } from "@vgen/engine/projects";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { CreateProjectInput } from "./create.schema";
import { toProjectLimits } from "./limits";

/** Creates a project in the active organization. */
export function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateProjectInput> }) {
  const actor = memberActor(ctx);
  return createProject(ctx.db, ctx.accountId, { name: input.name, ...toProjectLimits(input) }, actor);
}
