import type { OperationDoc } from "../operation-doc";
import { CreateGenerationBody, QuoteRecord } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { idempotentReplayedHeader, okHeaders } from "../headers";
import { IdempotencyHeaders } from "../idempotency-header";
import { apiKeyRequired } from "../security";

const EXAMPLE_QUOTE = {
  quote_id: "quo_4kT9mZ2xQ7rB1nC8vD3eF5",
  model: "gen-3.1-pro",
  price: "$0.480 / сек",
  billed_seconds: 8,
  cost: "$3.840",
  eta_seconds: 42,
  expires_at: "2026-11-21T15:26:57Z",
  livemode: true,
} as const;

export const createQuote = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Quote a generation",
  description:
    "Answers what a create with this body would cost (`billed_seconds` × price), and its ETA as of now, without creating anything or holding any balance. " +
    "The answer is binding for 10 minutes (`expires_at`): a create with the same body and `quoteId` set to `quote_id` is held and charged at most `cost`, even if the model's price rises in between (if it falls, the lower price applies). " +
    "A quote serves one create, of the same account and mode (a test key's quotes are $0.000 and serve test keys only). " +
    "The body is the create body and is checked as a create's is (the same errors; `quoteId` itself is refused); quotes have their own per-model rate limit, equal to the model's.",
  security: apiKeyRequired,
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: true,
      description: "The create body you intend to send (`stream` may differ on the create).",
      content: {
        "application/json": {
          schema: CreateGenerationBody,
          example: {
            model: "gen-3.1-pro",
            prompt: "A paper boat drifting down a rainy street at dusk",
            duration: 8,
            size: "1080p",
          },
        },
      },
    },
  },
  responses: {
    "200": {
      description: "The binding quote.",
      headers: { ...okHeaders, ...idempotentReplayedHeader } as never,
      content: { "application/json": { schema: QuoteRecord, example: EXAMPLE_QUOTE } },
    },
    ...errorResponses(
      baseUrl,
      [
        ...BODY_ERRORS,
        "unknown_model",
        "urls_with_frames",
        "too_many_urls",
        "last_frame_without_first_frame",
        "webhook_events_without_webhook",
        "extend_with_images",
        "generation_not_found",
        "clip_not_completed",
        "clip_expired",
        "extend_mismatch",
        "extend_chain_too_long",
        "unsupported_size",
        "unsupported_by_model",
        "invalid_url",
        "account_suspended",
        "subscription_paused",
        "key_read_only",
        "key_model_not_allowed",
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ],
      true,
    ),
  },
});
