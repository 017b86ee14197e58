import type { z } from "zod";
import { createProject } from "@vgen/engine/projects";
import type { AuthedContext } from "../../trpc";
import type { CreateProjectInput } from "./create.schema";
import { toProjectLimits } from "./limits";

/** Creates a project in the active organization. */
export function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateProjectInput> }) {
  return ctx.db.$transaction((tx) => createProject(tx, ctx.accountId, { name: input.name, ...toProjectLimits(input) }));
}
