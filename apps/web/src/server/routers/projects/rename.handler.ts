import type { z } from "zod";
import { renameProject } from "@vgen/engine/projects";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { RenameProjectInput } from "./rename.schema";

export function renameHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RenameProjectInput> }) {
  return renameProject(ctx.db, ctx.accountId, input.id, input.name, memberActor(ctx));
}
