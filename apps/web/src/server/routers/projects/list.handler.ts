import type { z } from "zod";
import { listProjects, projectMonthSpendMicros } from "@vgen/engine/projects";
import type { AuthedContext } from "../../trpc";
import type { ListProjectsInput } from "./list.schema";

/** The active organization's projects, each with what it spent this month (UTC) against its cap. */
export async function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ListProjectsInput> }) {
  const projects = await listProjects(ctx.db, ctx.accountId, { includeArchived: input.includeArchived });
  const now = new Date();
  return Promise.all(
    projects.map(async (p) => ({ ...p, spentThisMonthMicros: await projectMonthSpendMicros(ctx.db, p.id, now) })),
  );
}
