import type { z } from "zod";
import { acceptInvitation, switchOrganization } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";
import type { AcceptInput } from "./accept.schema";

/** Accepts an invitation for the signed-in person's address and switches the session to that organization. */
export async function acceptHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof AcceptInput> }) {
  const { accountId, role } = await acceptInvitation(ctx.db, { token: input.token, memberId: ctx.user.id });
  await switchOrganization(ctx.db, { sessionId: ctx.user.sessionId, memberId: ctx.user.id, accountId });
  return { accountId, role };
}
