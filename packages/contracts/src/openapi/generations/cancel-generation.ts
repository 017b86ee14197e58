import type { OperationDoc } from "../operation-doc";
import { GenerationIdBody } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_RECORD } from "../examples";
import { okHeaders } from "../headers";
import { IdempotencyHeaders } from "../idempotency-header";
import { jsonRecord } from "../record-responses";
import { apiKeyRequired } from "../security";

const EXAMPLE_CANCELED = {
  ...EXAMPLE_RECORD,
  status: "canceled",
  eta_seconds: 0,
  queue_position: null,
  completed_at: "2026-11-21T15:17:03Z",
} as const;

export const cancelGeneration = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Cancel a generation",
  description: "Cancels a generation that has not finished; its hold is released and nothing is charged.",
  security: apiKeyRequired,
  request: {
    headers: IdempotencyHeaders,
    body: { required: true, content: { "application/json": { schema: GenerationIdBody, example: { id: EXAMPLE_RECORD.id } } } },
  },
  responses: {
    "200": jsonRecord("The canceled record.", EXAMPLE_CANCELED, okHeaders),
    ...errorResponses(
      baseUrl,
      [
        ...BODY_ERRORS,
        "generation_not_found",
        "generation_not_cancelable",
        "key_read_only",
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ],
      true,
    ),
  },
});
