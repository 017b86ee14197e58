import type { z } from "zod";
import { transferOwnership } from "@vgen/engine/orgs";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { TransferOwnershipInput } from "./transferOwnership.schema";

/** The caller, an owner, makes another member the owner and becomes an admin. */
export async function transferOwnershipHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof TransferOwnershipInput>;
}) {
  await transferOwnership(ctx.db, {
    accountId: ctx.accountId,
    fromId: ctx.user.id,
    toId: input.memberId,
    ip: memberActor(ctx).ip,
  });
  return { owner: input.memberId };
}
