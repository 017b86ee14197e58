import type { z } from "zod";
import { deliveryBody, listDeliveries, type WebhookDeliveryWithAttempts } from "@vgen/engine/delivery";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import type { DeliveriesInput } from "./deliveries.schema";

export function deliveryView(d: WebhookDeliveryWithAttempts) {
  const last = d.attempts[d.attempts.length - 1];
  return {
    id: d.id,
    generationId: d.generationId,
    endpointId: d.endpointId,
    listenSessionId: d.listenSessionId,
    eventType: d.eventType,
    url: d.url,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.nextAttemptAt,
    deliveredAt: d.deliveredAt,
    createdAt: d.createdAt,
    /** The exact JSON text sent on every attempt (and resend). */
    body: deliveryBody(d),
    lastResponse: last ? { status: last.responseStatus, error: last.error, at: last.createdAt } : null,
    attempts: d.attempts.map((a) => ({
      id: a.id,
      attemptNo: a.attemptNo,
      at: a.createdAt,
      responseStatus: a.responseStatus,
      durationMs: a.durationMs,
      responseBody: a.responseBody ? a.responseBody.slice(0, 500) : null,
      error: a.error,
      manual: a.manual,
      /** What this attempt sent; null for attempts recorded before headers were kept. */
      requestHeaders: (a.requestHeaders as Record<string, string> | null) ?? null,
    })),
  };
}

/** The signed-in account's webhook deliveries of the dashboard's mode, newest first, with every attempt. */
export async function deliveriesHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DeliveriesInput> }) {
  const page = await listDeliveries(ctx.db, ctx.user.id, {
    limit: input.limit,
    cursor: input.cursor,
    generationId: input.generationId || undefined,
    endpointId: input.endpointId || undefined,
    livemode: livemodeOfRequest(ctx.headers),
  });
  return { data: page.data.map(deliveryView), nextCursor: page.nextCursor };
}
