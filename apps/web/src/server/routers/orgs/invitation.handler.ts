import type { z } from "zod";
import { previewInvitation } from "@vgen/engine/orgs";
import type { TRPCContext } from "../../trpc";
import type { InvitationInput } from "./invitation.schema";

/** What an invitation link is for (organization, role, address), shown before sign-in; null when it no longer works. */
export async function invitationHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof InvitationInput> }) {
  return previewInvitation(ctx.db, input.token);
}
