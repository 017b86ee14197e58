/**
 * `vgen listen` and `vgen trigger` (docs/api.md#listen): the request shapes of
 * GET /api/v1/webhooks/listen and POST /api/v1/webhooks/trigger. One schema each validates the request and documents it in the OpenAPI document.
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
