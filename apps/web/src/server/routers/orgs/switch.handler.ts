import type { z } from "zod";
import { switchOrganization } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";
import type { SwitchInput } from "./switch.schema";

/** Makes this session act for another organization of the person's (membership checked). */
export async function switchHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SwitchInput> }) {
  await switchOrganization(ctx.db, { sessionId: ctx.user.sessionId, memberId: ctx.user.id, accountId: input.accountId });
  return { active: input.accountId };
}
