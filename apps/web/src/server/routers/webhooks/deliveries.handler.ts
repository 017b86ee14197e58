import type { z } from "zod";
import { listDeliveries } from "@vgen/engine/delivery";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import type { DeliveriesInput } from "./deliveries.schema";
import { deliveryView } from "./delivery-view";

/** The signed-in account's webhook deliveries of the dashboard's mode, newest first, with every attempt. */
export async function deliveriesHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DeliveriesInput> }) {
  const page = await listDeliveries(ctx.db, ctx.accountId, {
    limit: input.limit,
    cursor: input.cursor,
    generationId: input.generationId || undefined,
    endpointId: input.endpointId || undefined,
    livemode: livemodeOfRequest(ctx.headers),
  });
  return { data: page.data.map(deliveryView), nextCursor: page.nextCursor };
}
