import type { z } from "zod";
import { subscribeToModel } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";
import type { SubscribeInput } from "./subscribe.schema";

export async function subscribeHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SubscribeInput> }) {
  const sub = await subscribeToModel(ctx.db, ctx.accountId, input.modelId);
  return { id: sub.id, modelId: sub.modelId };
}
