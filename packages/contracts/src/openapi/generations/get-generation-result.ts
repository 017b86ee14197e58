import type { OperationDoc } from "../operation-doc";
import { GenerationIdBody } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_COMPLETED, EXAMPLE_RECORD } from "../examples";
import { okHeaders } from "../headers";
import { IdempotencyHeaders } from "../idempotency-header";
import { jsonRecord } from "../record-responses";
import { apiKeyRequired } from "../security";

export const getGenerationResult = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Get a generation",
  description:
    "Returns the current record: poll it until `status` leaves `processing`. An id of another account is `404 generation_not_found`.",
  security: apiKeyRequired,
  request: {
    headers: IdempotencyHeaders,
    body: { required: true, content: { "application/json": { schema: GenerationIdBody, example: { id: EXAMPLE_RECORD.id } } } },
  },
  responses: {
    "200": jsonRecord("The generation record.", EXAMPLE_COMPLETED, okHeaders),
    ...errorResponses(baseUrl, [...BODY_ERRORS, "generation_not_found", ...IDEMPOTENCY_ERRORS, ...AUTH_ERRORS], true),
  },
});
