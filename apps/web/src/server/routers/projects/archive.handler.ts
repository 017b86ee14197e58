import type { z } from "zod";
import { archiveProject } from "@vgen/engine/projects";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { ArchiveProjectInput } from "./archive.schema";

/** Archives a project: its keys stop working at once; its generations and figures stay. */
export async function archiveHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ArchiveProjectInput> }) {
  await archiveProject(ctx.db, ctx.accountId, input.id, memberActor(ctx));
  return { id: input.id };
}
