import type { OperationDoc } from "../operation-doc";
import { ConcatBody } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_RECORD } from "../examples";
import { okHeaders } from "../headers";
import { IdempotencyHeaders } from "../idempotency-header";
import { jsonRecord } from "../record-responses";
import { apiKeyRequired } from "../security";

const EXAMPLE_CONCAT = {
  ...EXAMPLE_RECORD,
  id: "vid_9kQ4mR7tW2xZ5bN8cV1dF3",
  status: "completed",
  eta_seconds: 0,
  queue_position: null,
  duration: 24,
  progress: 100,
  billed_seconds: 0,
  cost: "$0.000",
  completed_at: "2026-11-21T15:20:12Z",
  concat_of: ["vid_7hX2kLmQ9rT4vB8nC1dE3f", "vid_2mN8pQ4rS6tU1vW3xY5zA7", "vid_5bC7dE9fG1hJ3kL5mN7pQ9"],
} as const;

export const concatGenerations = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Join an extension chain into one MP4",
  description:
    "Follows the chain that ends at `id` back through `extended_from` to its first clip and joins the clips, in order, into one MP4 without re-encoding. Answers the completed record of the join (a generation of its own, with `concat_of` listing the clips): its `duration` is the clips' together, its `cost` $0.000 (each clip was billed its own seconds), its output kept for the account's retention period. No webhook is sent.",
  security: apiKeyRequired,
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: true,
      content: { "application/json": { schema: ConcatBody, example: { id: EXAMPLE_CONCAT.concat_of[2] } } },
    },
  },
  responses: {
    "200": jsonRecord("The completed record of the join.", EXAMPLE_CONCAT, okHeaders),
    ...errorResponses(
      baseUrl,
      [
        ...BODY_ERRORS,
        "generation_not_found",
        "clip_not_completed",
        "clip_expired",
        "concat_not_a_chain",
        "concat_clips_differ",
        "key_read_only",
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ],
      true,
    ),
  },
});
