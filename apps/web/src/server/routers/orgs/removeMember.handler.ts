import type { z } from "zod";
import { removeMember } from "@vgen/engine/orgs";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { RemoveMemberInput } from "./removeMember.schema";

/** Removes a member from the active organization, keeping or revoking the keys they issued in it. */
export async function removeMemberHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RemoveMemberInput> }) {
  return removeMember(ctx.db, {
    accountId: ctx.accountId,
    actor: { ...memberActor(ctx), role: ctx.role },
    memberId: input.memberId,
    keys: input.keys,
  });
}
