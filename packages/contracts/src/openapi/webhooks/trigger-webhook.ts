import type { OperationDoc } from "../operation-doc";
import { TriggerRequest, TriggerResult } from "../../webhook-listen";
import { AUTH_ERRORS, BODY_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

export const triggerWebhook = (baseUrl: string): OperationDoc => ({
  tags: ["Webhooks"],
  summary: "Send a sample webhook event (vgen trigger)",
  description:
    "Sends a sample event of the given type, like `stripe trigger`: to every enabled account endpoint subscribed to it and to every open listen session of this key's mode, " +
    "signed and retried like a real event. The sample's ids name no real generation; nothing is charged. At most 20 per minute per account.",
  security: apiKeyRequired,
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: TriggerRequest, example: { event: "generation.completed" } } },
    },
  },
  responses: {
    "202": {
      description: "The sample event is queued.",
      headers: okHeaders,
      content: {
        "application/json": { schema: TriggerResult, example: { event: "generation.completed", deliveries: 2 } },
      },
    },
    ...errorResponses(baseUrl, [...BODY_ERRORS, "key_read_only", ...AUTH_ERRORS], true),
  },
});
