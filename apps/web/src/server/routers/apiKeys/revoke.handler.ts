import type { z } from "zod";
import { revokeApiKey } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { KeyIdInput } from "./revoke.schema";

export async function revokeHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof KeyIdInput> }) {
  await revokeApiKey(ctx.db, ctx.accountId, input.id, memberActor(ctx));
  return { id: input.id, revoked: true };
}
