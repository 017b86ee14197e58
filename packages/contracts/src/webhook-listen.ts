/**
 * `vgen listen` and `vgen trigger` (docs/api.md#listen): the request shapes of
 * GET /api/v1/webhooks/listen and POST /api/v1/webhooks/trigger, and the events the listen stream
 * sends. One schema each validates the request and documents it in the OpenAPI document.
 */
import { z } from "zod";
import { ApiError } from "./errors";
import { ENDPOINT_EVENTS, type EndpointEvent } from "./generation";

export const ListenQuery = z.object({
  events: z
    .string()
    .optional()
    .meta({
      description: `Comma-separated event types to receive (${ENDPOINT_EVENTS.join(", ")}); every type when absent.`,
      example: "generation.completed,generation.failed",
    }),
  session: z.string().optional().meta({
    description:
      "The `id` of this key's earlier session, when reconnecting: the session keeps its signing secret and gets the events queued meanwhile. Unknown ids open a new session.",
    example: "whl_4vB8nC1dE3f7hX2kLmQ9rT",
  }),
});

/** Reads `events` (deduplicated; empty means every type) and `session` of a listen request. */
export function parseListenQuery(params: URLSearchParams): { events: EndpointEvent[]; session: string | null } {
  const names = (params.get("events") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = names.filter((e) => !(ENDPOINT_EVENTS as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new ApiError(
      "invalid_parameter",
      `Unknown event type '${unknown[0]}' in 'events': use ${ENDPOINT_EVENTS.join(", ")}.`,
      "events",
    );
  }
  return { events: [...new Set(names)] as EndpointEvent[], session: params.get("session") || null };
}

export const TriggerRequest = z
  .object({
    event: z.enum(ENDPOINT_EVENTS).meta({ description: "The event type to send a sample of.", example: "generation.completed" }),
  })
  .strict();

export const TriggerResult = z
  .object({
    event: z.enum(ENDPOINT_EVENTS),
    deliveries: z.number().int().meta({
      description: "How many deliveries were queued: one per subscribed endpoint and per open listen session.",
      example: 2,
    }),
  })
  .meta({ id: "TriggerResult" });

/** The first event of a listen stream: the session and the secret its events are signed with. */
export const ListenSessionEvent = z
  .object({
    id: z.string().meta({ description: "Pass it as `session` when reconnecting.", example: "whl_4vB8nC1dE3f7hX2kLmQ9rT" }),
    secret: z
      .string()
      .meta({ description: "The session's `whsec_` signing secret.", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
    events: z.array(z.enum(ENDPOINT_EVENTS)).meta({ description: "The event types sent; empty means every type." }),
  })
  .meta({ id: "ListenSession" });

/** Each following event: one delivery, exactly as an endpoint would receive it. */
export const ListenWebhookEvent = z
  .object({
    id: z.string().meta({ description: "The delivery id, also the `webhook-id` header.", example: "whd_9sP2qR7tU4vW1xY3zA5bC" }),
    type: z.string().meta({ example: "generation.completed" }),
    body: z.string().meta({ description: "The exact JSON text that is signed: POST it unchanged." }),
    headers: z
      .object({
        "content-type": z.literal("application/json"),
        "webhook-id": z.string(),
        "webhook-timestamp": z.string(),
        "webhook-signature": z.string(),
      })
      .meta({ description: "Standard Webhooks headers, signed with the session's secret." }),
  })
  .meta({ id: "ListenWebhookEvent" });
