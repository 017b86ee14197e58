import type { OperationDoc } from "../operation-doc";
import { CreateGenerationBody, MAX_PROMPT_CHARS } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_COMPLETED, EXAMPLE_RECORD } from "../examples";
import { idempotentReplayedHeader, okHeaders, preferenceAppliedHeader } from "../headers";
import { CreateHeaders } from "../idempotency-header";
import { jsonRecord, sseResponse } from "../record-responses";
import { apiKeyRequired } from "../security";

const EXAMPLE_REQUEST = {
  model: "gen-3.1-pro",
  prompt: "A paper boat drifting down a rainy street at dusk, cinematic, shallow depth of field",
  duration: 8,
  aspectRatio: "16:9",
  size: "1080p",
} as const;

export const createGeneration = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Create a generation",
  description:
    "Accepts a prompt and starts a generation. The cost (`billed_seconds` × price) is held at acceptance and charged only on completion.\n\n" +
    "Response modes:\n" +
    "- **stream** (default): `200 text/event-stream` with the record as `generation` events until it is terminal.\n" +
    "- **callback**: when `webHook` is present, `202` with the record at once; the terminal record is POSTed to the URL later (Standard Webhooks signature). " +
    "`webHookEvents` chooses the events instead (see the webhooks section); without `webHook`, the account's dashboard endpoints get the events they subscribe to.\n" +
    '- **poll**: `"stream": false`, or `Accept: application/json` without `webHook`: `202` with the record; poll POST /api/v1/videos/result.\n' +
    "- **wait**: `Prefer: wait=N` (poll or callback mode) holds the answer up to N seconds: `200` with the terminal record if it ends in time, else `202` as in poll mode.\n\n" +
    "Cross-field rules: `urls` not with `firstFrameUrl`/`lastFrameUrl` (`urls_with_frames`); `lastFrameUrl` requires `firstFrameUrl` (`last_frame_without_first_frame`); " +
    `at most 3 \`urls\` (\`too_many_urls\`); \`webHookEvents\` requires \`webHook\` (\`webhook_events_without_webhook\`); \`prompt\` 1-${MAX_PROMPT_CHARS} characters after trimming; \`duration\` within the model's bounds; \`size\` one the model supports (\`unsupported_size\`).\n\n` +
    "A restricted key may refuse the create: a read-only key (`key_read_only`), a model outside the key's list (`key_model_not_allowed`), or a cost that would take the key past its monthly spend cap (`key_spend_cap_reached`, checked before the hold, under the same lock, so concurrent creates never overshoot it).\n\n" +
    "With `quoteId` (from POST /api/v1/videos/quote, same body, same account and mode, within 10 minutes) the generation is held and charged at most the quoted cost, even if the price rose since; the record's `quote_id` names it. A quote serves one generation (`quote_already_used`); an unknown or another account's (`quote_not_found`), expired (`quote_expired`) or different request's (`quote_mismatch`) quote is refused before anything is held.\n\n" +
    "Outputs are kept for a retention period from completion: `retention_days` (1-365), else the account's setting (default 30). The record's `output[].expires_at` says until when; afterwards `output[].expired` is true and the files' URLs answer `410 output_expired`.",
  security: apiKeyRequired,
  request: {
    headers: CreateHeaders,
    body: {
      required: true,
      description: "The generation request. Field names are case-sensitive; unknown fields are refused.",
      content: {
        "application/json": {
          schema: CreateGenerationBody,
          examples: {
            stream: { summary: "Text to video, streamed", value: EXAMPLE_REQUEST },
            frames: {
              summary: "First and last frame, polled",
              value: {
                model: "gen-3-1080",
                prompt: "The camera slowly pushes in on the product",
                duration: 4,
                firstFrameUrl: "https://example.com/first.png",
                lastFrameUrl: "https://example.com/last.png",
                stream: false,
                retention_days: 7,
              },
            },
            callback: {
              summary: "Reference images, with a callback",
              value: {
                model: "gen-3.1-pro",
                prompt: "A fox running through fresh snow",
                urls: ["https://example.com/fox.jpg"],
                aspectRatio: "9:16",
                webHook: "https://example.com/hooks/vgen",
              },
            },
            events: {
              summary: "A callback for every event, progress included",
              value: {
                model: "gen-3.1-fast",
                prompt: "Waves rolling onto a beach at sunrise",
                webHook: "https://example.com/hooks/vgen",
                webHookEvents: [
                  "generation.processing",
                  "generation.progress",
                  "generation.completed",
                  "generation.failed",
                  "generation.canceled",
                ],
              },
            },
          },
        },
      },
    },
  },
  responses: {
    "200": waitedOrStreamed(),
    "202": jsonRecord(
      "Callback or poll mode: the accepted record (status `processing`); with `Prefer: wait`, the record when the wait ended first.",
      EXAMPLE_RECORD,
      { ...okHeaders, ...idempotentReplayedHeader, ...preferenceAppliedHeader },
    ),
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
        "invalid_url",
        "insufficient_balance",
        "account_suspended",
        "subscription_paused",
        "spend_limit_reached",
        "key_read_only",
        "key_model_not_allowed",
        "key_spend_cap_reached",
        "quote_not_found",
        "quote_expired",
        "quote_mismatch",
        "quote_already_used",
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ],
      true,
    ),
  },
});

/**
 * 200: the event stream (stream mode), or the terminal record a `Prefer: wait` waited for. Both
 * media types have the Generation schema (the stream's is each event's data), so generated clients
 * type the 200 as a Generation whichever they pick.
 */
function waitedOrStreamed() {
  const streamed = sseResponse(
    "Stream mode (default): the record as server-sent events until the generation ends. With `Prefer: wait`: the terminal record as JSON.",
  );
  const waited = jsonRecord("", EXAMPLE_COMPLETED, {});
  return {
    ...streamed,
    headers: { ...okHeaders, ...preferenceAppliedHeader },
    content: { ...streamed.content, ...waited.content },
  };
}
