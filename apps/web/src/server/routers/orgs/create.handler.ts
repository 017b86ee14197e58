import type { z } from "zod";
import { createOrganization } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";
import type { CreateOrganizationInput } from "./create.schema";

/** The signed-in person creates a separate organization, owns it, and this session switches to it. */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateOrganizationInput> }) {
  return createOrganization(ctx.db, { creatorId: ctx.user.id, sessionId: ctx.user.sessionId, name: input.name });
}
