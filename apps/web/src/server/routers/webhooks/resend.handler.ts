import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { resendDelivery, WebhookDeliveryNotFoundError } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import { deliveryView } from "./deliveries.handler";
import type { ResendInput } from "./resend.schema";

/** One immediate, manual attempt (engine resendDelivery, scoped to the account). */
export async function resendHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ResendInput> }) {
  try {
    const { delivery, attempt } = await resendDelivery(ctx.db, ctx.user.id, input.deliveryId);
    return { delivery: deliveryView(delivery), ok: attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300 };
  } catch (err) {
    if (err instanceof WebhookDeliveryNotFoundError) throw new TRPCError({ code: "NOT_FOUND", message: err.message });
    throw err;
  }
}
