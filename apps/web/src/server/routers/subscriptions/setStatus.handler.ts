import type { z } from "zod";
import { setSubscriptionStatus } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { SetStatusInput } from "./setStatus.schema";

/** Pause or resume: a paused subscription refuses new generations with 403 subscription_paused. */
export async function setStatusHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SetStatusInput> }) {
  const sub = await setSubscriptionStatus(ctx.db, ctx.accountId, input.modelId, input.status, memberActor(ctx));
  return { modelId: sub.modelId, status: sub.status };
}
