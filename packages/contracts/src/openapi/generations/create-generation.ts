import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { CreateGenerationBody, MAX_PROMPT_CHARS } from "../../generation";
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_RECORD } from "../examples";
import { idempotentReplayedHeader, okHeaders } from "../headers";
import { IdempotencyHeaders } from "../idempotency-header";
import { jsonRecord, sseResponse } from "../record-responses";
import { apiKeyRequired } from "../security";

const EXAMPLE_REQUEST = {
  model: "gen-3.1-pro",
  prompt: "A paper boat drifting down a rainy street at dusk, cinematic, shallow depth of field",
  duration: 8,
  aspectRatio: "16:9",
  size: "1080p",
} as const;

/** POST /api/v1/videos/generations */
export const createGeneration = (baseUrl: string): RouteConfig => ({
  method: "post",
  path: "/api/v1/videos/generations",
  operationId: "createGeneration",
  tags: ["Generations"],
  summary: "Create a generation",
  description:
    "Accepts a prompt and starts a generation. The cost (`billed_seconds` × price) is held at acceptance and charged only on completion.\n\n" +
    "Response modes:\n" +
    "- **stream** (default): `200 text/event-stream` with the record as `generation` events until it is terminal.\n" +
    "- **callback**: when `webHook` is present, `202` with the record at once; the terminal record is POSTed to the URL later (Standard Webhooks signature).\n" +
    '- **poll**: `"stream": false`, or `Accept: application/json` without `webHook`: `202` with the record; poll POST /api/v1/videos/result.\n\n' +
    "Cross-field rules: `urls` not with `firstFrameUrl`/`lastFrameUrl` (`urls_with_frames`); `lastFrameUrl` requires `firstFrameUrl` (`last_frame_without_first_frame`); " +
    `at most 3 \`urls\` (\`too_many_urls\`); \`prompt\` 1-${MAX_PROMPT_CHARS} characters after trimming; \`duration\` within the model's bounds; \`size\` one the model supports (\`unsupported_size\`).`,
  security: apiKeyRequired,
  request: {
    headers: IdempotencyHeaders,
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
          },
        },
      },
    },
  },
  responses: {
    "200": sseResponse("Stream mode (default): the record as server-sent events until the generation ends."),
    "202": jsonRecord("Callback or poll mode: the accepted record (status `processing`).", EXAMPLE_RECORD, {
      ...okHeaders,
      ...idempotentReplayedHeader,
    }),
    ...errorResponses(
      baseUrl,
      [
        ...BODY_ERRORS,
        "unknown_model",
        "urls_with_frames",
        "too_many_urls",
        "last_frame_without_first_frame",
        "unsupported_size",
        "invalid_url",
        "insufficient_balance",
        "account_suspended",
        "subscription_paused",
        "spend_limit_reached",
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ],
      true,
    ),
  },
});
