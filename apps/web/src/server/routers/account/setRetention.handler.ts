import type { z } from "zod";
import { setRetentionDays } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { SetRetentionInput } from "./setRetention.schema";

export function setRetentionHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SetRetentionInput> }) {
  return setRetentionDays(ctx.db, ctx.accountId, input.retentionDays, memberActor(ctx));
}
