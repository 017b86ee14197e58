import type { OperationDoc } from "../operation-doc";
import { z } from "zod";
import { ListenQuery } from "../../webhook-listen";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

const SESSION = { id: "whl_4vB8nC1dE3f7hX2kLmQ9rT", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", events: [] };
const BODY = '{"type":"generation.completed","data":{"id":"vid_7hX2kLmQ9rT4vB8nC1dE3f","status":"completed"}}';
const DELIVERY = {
  id: "whd_9sP2qR7tU4vW1xY3zA5bC",
  type: "generation.completed",
  body: BODY,
  headers: {
    "content-type": "application/json",
    "webhook-id": "whd_9sP2qR7tU4vW1xY3zA5bC",
    "webhook-timestamp": "1763738261",
    "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
};

export const listenWebhooks = (baseUrl: string): OperationDoc => ({
  tags: ["Webhooks"],
  summary: "Stream the account's webhook events (vgen listen)",
  description:
    "A long-lived stream of the account's webhook events for this key's mode, the way `stripe listen` works: nothing connects to your machine; " +
    "`vgen listen --forward-to <url>` reads this stream and POSTs each event to a local receiver. " +
    "The server opens a listen session with its own signing secret; every event of the account (the same types and bodies endpoints get) " +
    "is then sent with the exact body and Standard Webhooks headers signed with that secret. " +
    "A session gets events while its stream is open and for 60 s after it drops; reconnect with `session` to keep the secret and receive what was queued meanwhile.",
  security: apiKeyRequired,
  request: { query: ListenQuery },
  responses: {
    "200": {
      description: "The session, then its events, as server-sent events.",
      headers: okHeaders,
      content: {
        "text/event-stream": {
          schema: z.string().meta({
            description:
              "Server-sent events. The first is `event: session` with `data:` = `{id, secret, events}` (the session and its `whsec_` signing secret). " +
              "Each following one is `event: webhook`, `id:` = the delivery id, `data:` = `{id, type, body, headers}`: `body` is the exact JSON text that is signed, " +
              "`headers` the `content-type`, `webhook-id` (= `id`, the same on every resend), `webhook-timestamp` and `webhook-signature` an endpoint would receive. " +
              "A comment line `: keep-alive` every 15 s.",
          }),
          example: `retry: 2000\nevent: session\ndata: ${JSON.stringify(SESSION)}\n\nevent: webhook\nid: ${DELIVERY.id}\ndata: ${JSON.stringify(DELIVERY)}\n\n`,
        },
      },
    },
    ...errorResponses(baseUrl, ["invalid_parameter", ...AUTH_ERRORS], true),
  },
});
