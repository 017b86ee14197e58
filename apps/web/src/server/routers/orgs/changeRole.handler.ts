import type { z } from "zod";
import { changeMemberRole } from "@vgen/engine/orgs";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { ChangeRoleInput } from "./changeRole.schema";

/** Changes a member's role in the active organization (at least one owner stays). */
export async function changeRoleHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ChangeRoleInput> }) {
  await changeMemberRole(ctx.db, {
    accountId: ctx.accountId,
    actor: { ...memberActor(ctx), role: ctx.role },
    memberId: input.memberId,
    role: input.role,
  });
  return { memberId: input.memberId, role: input.role };
}
