import type { z } from "zod";
import { revokeInvitation } from "@vgen/engine/orgs";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { RevokeInvitationInput } from "./revokeInvitation.schema";

/** Revokes a waiting invitation of the active organization. */
export async function revokeInvitationHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof RevokeInvitationInput>;
}) {
  await revokeInvitation(ctx.db, ctx.accountId, input.id, memberActor(ctx));
  return { revoked: input.id };
}
