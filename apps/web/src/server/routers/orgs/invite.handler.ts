import type { z } from "zod";
import { inviteMember } from "@vgen/engine/orgs";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { InviteInput } from "./invite.schema";

/** Emails an invitation to the active organization; the link is in the email only. */
export async function inviteHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof InviteInput> }) {
  return inviteMember(ctx.db, {
    accountId: ctx.accountId,
    inviter: { ...memberActor(ctx), role: ctx.role },
    email: input.email,
    role: input.role,
  });
}
