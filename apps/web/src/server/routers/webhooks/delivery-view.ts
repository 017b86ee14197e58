import { deliveryBody, type WebhookDeliveryWithAttempts } from "@vgen/engine/delivery";

/** A delivery as the dashboard shows it: the exact body sent and every attempt (deliveries and resend). */
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
