/**
 * The `webhooks` section of the document: one entry per event POSTed to a request's `webHook` or
 * an account endpoint (docs/api.md#webhook-events), with the signed body and an example.
 */
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { GenerationRecord, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent } from "../../generation";
import { ACCOUNT_EVENTS } from "./account-events";
import { acknowledged, SIGNATURE_HEADERS } from "./signature";
import { EXAMPLE_COMPLETED, EXAMPLE_RECORD } from "../examples";

const EXAMPLES: Record<WebhookEvent, object> = {
  "generation.processing": { ...EXAMPLE_RECORD, eta_seconds: 38, queue_position: null },
  "generation.progress": { ...EXAMPLE_RECORD, eta_seconds: 17, queue_position: null, progress: 55 },
  "generation.completed": EXAMPLE_COMPLETED,
  "generation.failed": {
    ...EXAMPLE_RECORD,
    status: "failed",
    eta_seconds: 0,
    queue_position: null,
    completed_at: "2026-11-21T15:17:41Z",
    error: { code: "render_failed", message: "The renderer could not produce the video. Nothing was charged." },
  },
  "generation.canceled": {
    ...EXAMPLE_RECORD,
    status: "canceled",
    eta_seconds: 0,
    queue_position: null,
    completed_at: "2026-11-21T15:17:05Z",
  },
};

const WHEN: Record<WebhookEvent, string> = {
  "generation.processing": "A worker started the generation (sent once). Opt-in.",
  "generation.progress": "Its progress rose; at most one per 2 s per generation and destination. Opt-in.",
  "generation.completed": "It completed; `output` holds the video. Sent by default.",
  "generation.failed": "It failed (`error` says why); nothing was charged. Sent by default.",
  "generation.canceled": "It was canceled; nothing was charged. Sent by default.",
};

function generationEvent(event: WebhookEvent): RouteConfig {
  return {
    method: "post",
    path: event,
    operationId: `webhook_${event.replace(".", "_")}`,
    summary: event,
    description: WHEN[event],
    tags: ["Webhooks"],
    request: {
      headers: SIGNATURE_HEADERS,
      body: {
        content: {
          "application/json": {
            schema: z.object({ type: z.literal(event), data: GenerationRecord }),
            example: { type: event, data: EXAMPLES[event] },
          },
        },
      },
    },
    responses: acknowledged,
  };
}

const testEvent: RouteConfig = {
  method: "post",
  path: WEBHOOK_TEST_EVENT,
  operationId: "webhook_test",
  summary: WEBHOOK_TEST_EVENT,
  description: "Sent to an account endpoint by the dashboard's **Send test event**; signed with that endpoint's secret.",
  tags: ["Webhooks"],
  request: {
    headers: SIGNATURE_HEADERS,
    body: {
      content: {
        "application/json": {
          schema: z.object({
            type: z.literal(WEBHOOK_TEST_EVENT),
            data: z.object({ endpoint_id: z.string(), message: z.string(), created_at: z.string() }),
          }),
          example: {
            type: WEBHOOK_TEST_EVENT,
            data: { endpoint_id: "whe_9Jq2", message: "Test event from the vgen dashboard.", created_at: "2026-11-21T15:16:57Z" },
          },
        },
      },
    },
  },
  responses: acknowledged,
};

export const WEBHOOKS: RouteConfig[] = [...WEBHOOK_EVENTS.map(generationEvent), ...ACCOUNT_EVENTS, testEvent];
