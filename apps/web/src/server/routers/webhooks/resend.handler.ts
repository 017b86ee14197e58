import type { z } from "zod";
import { resendDelivery } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";
import { deliveryView } from "./delivery-view";
import type { ResendInput } from "./resend.schema";

/** One immediate, manual attempt (engine resendDelivery, scoped to the account); a listen session's delivery goes back to its stream. */
export async function resendHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ResendInput> }) {
  const { delivery, attempt } = await resendDelivery(ctx.db, ctx.accountId, input.deliveryId);
  return {
    delivery: deliveryView(delivery),
    ok: attempt === null || (attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300),
  };
}
