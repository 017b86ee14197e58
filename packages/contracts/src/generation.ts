import { z } from "zod";
import { idSchema } from "./ids";

export const SIZES = ["720p", "1080p", "4k"] as const;
export const ASPECT_RATIOS = ["16:9", "9:16"] as const;
export const GENERATION_STATUSES = ["processing", "completed", "failed", "canceled"] as const;
export const MAX_PROMPT_CHARS = 4000;
/** The longest `Prefer: wait` on create, in seconds (as with Replicate). */
export const MAX_WAIT_SECONDS = 60;
/** Bounds of a generation's deadline (`deadline` or `Cancel-After`), in seconds from acceptance. */
export const MIN_DEADLINE_SECONDS = 5;
export const MAX_DEADLINE_SECONDS = 24 * 60 * 60;
export const MAX_URL_CHARS = 2048;
/** Bounds and default of how long a completed generation's files are kept, in days (docs/api.md#output-retention). */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 365;
export const DEFAULT_RETENTION_DAYS = 30;

/** A retention period in whole days: a request's `retention_days` and the account setting share it. */
export const RetentionDays = z
  .number()
  .int("must be a whole number of days")
  .min(MIN_RETENTION_DAYS, `must be at least ${MIN_RETENTION_DAYS}`)
  .max(MAX_RETENTION_DAYS, `must be at most ${MAX_RETENTION_DAYS}`);
export const MAX_REFERENCE_URLS = 3;
/** Seeds span the providers' range (Veo's and Runway's `seed` are unsigned 32-bit). */
export const MAX_SEED = 2 ** 32 - 1;
/** The most clips one request may ask for (`n`); a model may allow fewer (its `max_outputs`). */
export const MAX_OUTPUTS = 4;
export const MAX_NEGATIVE_PROMPT_CHARS = 1000;

/**
 * Events a webhook can subscribe to (docs/api.md#webhook-events). The terminal three are the default;
 * `processing` (a worker started the generation) and `progress` (at most one per 2 s) are opt-in.
 */
export const TERMINAL_WEBHOOK_EVENTS = ["generation.completed", "generation.failed", "generation.canceled"] as const;
export const WEBHOOK_EVENTS = ["generation.processing", "generation.progress", ...TERMINAL_WEBHOOK_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event an account endpoint's "Send test event" delivers; never sent for a generation. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Account events (docs/api.md#balance-alerts): only account endpoints get them, never a request's `webHook`. */
export const ACCOUNT_WEBHOOK_EVENTS = ["account.balance_low", "account.spend_threshold_reached"] as const;
export type AccountWebhookEvent = (typeof ACCOUNT_WEBHOOK_EVENTS)[number];
/** What an account endpoint can subscribe to: every generation event and the account events. */
export const ENDPOINT_EVENTS = [...WEBHOOK_EVENTS, ...ACCOUNT_WEBHOOK_EVENTS] as const;
export type EndpointEvent = (typeof ENDPOINT_EVENTS)[number];

export const WebhookEventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "must list at least one event")
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, "must not repeat an event")
  .meta({
    description:
      "The events POSTed to `webHook`, exactly these. Default: the terminal three (`generation.completed`, `generation.failed`, `generation.canceled`).",
    example: ["generation.processing", "generation.progress", "generation.completed", "generation.failed"],
  });

export type Size = (typeof SIZES)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

const httpUrl = (description: string) =>
  z
    .string()
    .max(MAX_URL_CHARS)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, "must be an absolute http(s) URL")
    .meta({ description, example: "https://example.com/frame.png", format: "uri" });

/**
 * The create body. Cross-field rules (rules 1-3 of docs/api.md#the-create-body) are checked in order by
 * `checkGenerationRules` so each yields its own catalog code.
 */
export const CreateGenerationBody = z
  .strictObject({
    model: z.string().min(1).meta({ description: "Model ID from the catalog (GET /api/v1/models).", example: "gen-3.1-pro" }),
    prompt: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, "must not be empty").max(MAX_PROMPT_CHARS, `must be at most ${MAX_PROMPT_CHARS} characters`))
      .meta({
        description: "Text scenario for the clip, 1-4000 characters after trimming.",
        example: "A paper boat drifting down a rainy street at dusk",
      }),
    duration: z.number().int("must be a whole number of seconds").optional().meta({
      description: "Clip length in whole seconds. Bounds and default per model (1-8, default 8 for every current model).",
      example: 4,
    }),
    firstFrameUrl: httpUrl("First frame image. May be combined with `lastFrameUrl`; not with `urls`.").optional(),
    lastFrameUrl: httpUrl("Last frame image. Requires `firstFrameUrl`; not with `urls`.").optional(),
    urls: z
      .array(httpUrl("Reference image URL."))
      .max(MAX_REFERENCE_URLS)
      .optional()
      .meta({ description: "Up to 3 reference image URLs. Not with `firstFrameUrl`/`lastFrameUrl`." }),
    aspectRatio: z.enum(ASPECT_RATIOS).optional().meta({ description: "Frame shape; default `16:9`.", example: "16:9" }),
    size: z
      .enum(SIZES)
      .optional()
      .meta({ description: "Video quality; the model's default when absent. Must be one the model supports.", example: "1080p" }),
    webHook: httpUrl(
      "Callback URL. When present the API answers 202 at once and POSTs the terminal record here (Standard Webhooks signature).",
    ).optional(),
    webHookEvents: WebhookEventList.optional(),
    stream: z
      .boolean()
      .optional()
      .meta({ description: "`false` answers 202 with the record for polling instead of the default event stream." }),
    deadline: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 date-time such as 2026-11-23T10:00:00Z" })
      .optional()
      .meta({
        description:
          "Cancel the generation if it is not finished by then (5 s to 24 h after acceptance): status `canceled` with `error.code` `deadline_exceeded`, the hold released, the webhook sent. The `Cancel-After` header says the same as a duration; with both, the earlier wins.",
        example: "2026-11-23T10:05:00Z",
      }),
    seed: z
      .number()
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(MAX_SEED, `must be at most ${MAX_SEED}`)
      .optional()
      .meta({
        description: `Seed 0-${MAX_SEED}: the same request with the same seed renders the same clip on the local renderer, and is passed to providers that take one. A random one when absent; the record returns the seed used.`,
        example: 42,
      }),
    negativePrompt: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().max(MAX_NEGATIVE_PROMPT_CHARS, `must be at most ${MAX_NEGATIVE_PROMPT_CHARS} characters`))
      .optional()
      .meta({
        description: `What the clip should not show, up to ${MAX_NEGATIVE_PROMPT_CHARS} characters; passed to providers that take one.`,
        example: "text, watermark",
      }),
    generateAudio: z.boolean().optional().meta({
      description:
        "Add a sound track (AAC) the length of the clip. Only on models with `audio.supported`; default the model's `audio.default`. May be priced differently (the model's `audio.price`).",
      example: true,
    }),
    n: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_OUTPUTS, `must be at most ${MAX_OUTPUTS}`)
      .optional()
      .meta({
        description: `How many clips to make of this request (1-${MAX_OUTPUTS}, at most the model's \`max_outputs\`), default 1: \`output\` gets one entry per clip, each with its own URL, poster and duration. Held as n clips; billed per delivered clip.`,
        example: 2,
      }),
    retention_days: RetentionDays.optional().meta({
      description: `Days the output and its poster are kept after the generation completes (${MIN_RETENTION_DAYS}-${MAX_RETENTION_DAYS}); the account's setting (default ${DEFAULT_RETENTION_DAYS}, changed in the dashboard) when absent. Afterwards the files are deleted and their URLs answer \`410 output_expired\`.`,
      example: 7,
    }),
    extendFrom: idSchema("vid", "must be a generation id (`vid_...`)").optional().meta({
      description:
        "Continue a completed generation of this account (its project's, for a project key): the new clip starts where that one ends. Its `size` and `aspectRatio` are inherited (a different one is refused) and its `seed` when absent. Not with `firstFrameUrl`, `lastFrameUrl` or `urls`. Billed only its own `duration`; join a chain with POST /api/v1/videos/concat.",
      example: "vid_7hX2kLmQ9rT4vB8nC1dE3f",
    }),
    quoteId: idSchema("quo", "must be a quote id (`quo_...`) from POST /api/v1/videos/quote").optional().meta({
      description:
        "A binding quote from POST /api/v1/videos/quote, made with this same request (only `stream` may differ) by this account within the last 10 minutes: the generation is charged at most the quoted cost, even if the price rose since. Each quote serves one generation.",
      example: "quo_4kT9mZ2xQ7rB1nC8vD3eF5",
    }),
  })
  .meta({ id: "CreateGenerationRequest" });

export type CreateGenerationInput = z.infer<typeof CreateGenerationBody>;

export const MAX_ENDPOINT_DESCRIPTION_CHARS = 200;

/** An account webhook endpoint as the dashboard saves it (docs/api.md#webhook-endpoints). */
export const WebhookEndpointInput = z.strictObject({
  url: httpUrl("Where the events are POSTed."),
  description: z.string().trim().max(MAX_ENDPOINT_DESCRIPTION_CHARS).default(""),
  events: z
    .array(z.enum(ENDPOINT_EVENTS))
    .min(1, "must list at least one event")
    .max(ENDPOINT_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, "must not repeat an event"),
});

/** POST /api/v1/videos/concat (docs/api.md#concatenating-a-chain). */
export const ConcatBody = z
  .strictObject({
    id: idSchema("vid", "must be a generation id (`vid_...`)").meta({
      description:
        "The last clip of an extension chain (`extended_from` set): the chain is followed back to its first clip and joined in order.",
      example: "vid_7hX2kLmQ9rT4vB8nC1dE3f",
    }),
  })
  .meta({ id: "ConcatRequest" });

export const GenerationIdBody = z
  .strictObject({
    id: z.string().min(1).meta({ description: "Generation id (`vid_...`).", example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
  })
  .meta({ id: "GenerationIdRequest" });

export const OutputObject = z
  .object({
    url: z.string().meta({
      description: "Address of the MP4 under the CDN base URL.",
      example: "http://localhost:3000/cdn/vid_7hX2kLmQ9rT4vB8nC1dE3f.mp4",
    }),
    resolution: z.enum(SIZES),
    duration: z.number().int(),
    poster_url: z.string().nullable().meta({
      description:
        "Address of a JPEG frame of the video (at its own width × height) under the CDN base URL, for `<video poster>` and thumbnails; null when none could be made.",
      example: "http://localhost:3000/cdn/vid_7hX2kLmQ9rT4vB8nC1dE3f.jpg",
    }),
    expires_at: z.string().nullable().meta({
      description:
        "When the MP4 and its poster are deleted (UTC): `completed_at` plus the retention period (the request's `retention_days`, else the account's setting). From then on `expired` is true and both URLs answer `410 output_expired`; download what you keep before. null only for an output completed by an older server version during an upgrade (kept).",
      example: "2026-12-21T15:17:41Z",
    }),
    has_audio: z.boolean().meta({
      description:
        "The MP4 has a sound track. False when the request asked for none, or when the provider's clip came back silent.",
      example: true,
    }),
    expired: z.boolean().meta({
      description:
        "True once `expires_at` has passed: the files are deleted (or about to be) and `url` and `poster_url` answer `410 output_expired`. They stay in the record so a stored link and the record agree.",
      example: false,
    }),
  })
  .meta({ id: "GenerationOutput" });

export const GenerationRecord = z
  .object({
    id: z.string().meta({ example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
    model: z.string().meta({ example: "gen-3.1-pro" }),
    status: z.enum(GENERATION_STATUSES),
    price: z.string().meta({ description: "Model price: `$<amount> / сек`, 3 decimals.", example: "$0.480 / сек" }),
    eta_seconds: z.number().int().meta({ description: "Estimated seconds until completion; 0 when terminal.", example: 42 }),
    queue_position: z.number().int().min(1).nullable().meta({
      description:
        "While the generation waits to start: its place among the waiting generations of its model (1: next to start), counted from the same reading of the queue as `eta_seconds`; it never rises. null once it has started, and when terminal.",
      example: 3,
    }),
    output: z.array(OutputObject).meta({ description: "Empty until the generation is completed." }),
    created_at: z.string().meta({ example: "2026-11-21T15:16:57Z" }),
    prompt: z.string(),
    duration: z.number().int(),
    size: z.enum(SIZES),
    aspect_ratio: z.enum(ASPECT_RATIOS),
    progress: z.number().int().min(0).max(100),
    seed: z.number().int().meta({ description: "The seed used: the request's, or the random one chosen for it.", example: 42 }),
    negative_prompt: z.string().nullable().meta({ description: "The request's `negativePrompt`; null when none." }),
    n: z.number().int().min(1).max(MAX_OUTPUTS).meta({
      description:
        "Clips asked for (the request's `n`, default 1). `output` has one entry per delivered clip; the local renderer's clip i (from 0) uses `seed` + i.",
      example: 1,
    }),
    generate_audio: z
      .boolean()
      .meta({ description: "Whether a sound track was asked for (the request's, else the model's default)." }),
    billed_seconds: z.number().int().meta({
      description:
        "Summed over the clips: each clip bills max(duration, model minimum charge); held for all `n`, once completed for those delivered.",
    }),
    cost: z
      .string()
      .meta({ description: "billed_seconds × price; held at acceptance, charged only on completion.", example: "$3.840" }),
    completed_at: z.string().nullable(),
    quote_id: z.string().nullable().meta({
      description: "The binding quote the create carried (`quoteId`), whose cost is this generation's ceiling; null without one.",
      example: null,
    }),
    extended_from: z.string().nullable().meta({
      description: "The generation this clip continues (the create's `extendFrom`); null for a clip of its own.",
      example: null,
    }),
    extensions: z.array(z.string()).meta({
      description: "Generations created to continue this one (`extendFrom` this id), oldest first.",
      example: [],
    }),
    concat_of: z.array(z.string()).meta({
      description:
        "For a concatenation (POST /api/v1/videos/concat): the chain's clips it joins, first to last; its `cost` is $0.000 (the clips were billed). Empty for any other generation.",
      example: [],
    }),
    livemode: z.boolean().meta({
      description:
        "false for a test-mode generation (made with a `vgk_test_` key): rendered locally, never sent to a provider, `billed_seconds` 0 and `cost` $0.000, seen only by test keys.",
      example: true,
    }),
    error: z.object({ code: z.string(), message: z.string() }).optional().meta({
      description: "Present when status is `failed`, and when `canceled` by the request's deadline (`deadline_exceeded`).",
    }),
  })
  .meta({ id: "Generation" });

export type GenerationRecordT = z.infer<typeof GenerationRecord>;

/** How long a binding quote stays usable, in seconds. */
export const QUOTE_TTL_SECONDS = 600;

/** The answer of POST /api/v1/videos/quote (docs/api.md#binding-quotes). */
export const QuoteRecord = z
  .object({
    quote_id: z.string().meta({ description: "Pass it as `quoteId` on the create.", example: "quo_4kT9mZ2xQ7rB1nC8vD3eF5" }),
    model: z.string().meta({ example: "gen-3.1-pro" }),
    price: z.string().meta({ description: "Model price at quoting: `$<amount> / сек`, 3 decimals.", example: "$0.480 / сек" }),
    billed_seconds: z
      .number()
      .int()
      .meta({ description: "max(duration, model minimum charge), times `n` (the clips asked for).", example: 8 }),
    cost: z.string().meta({
      description: "What the create is held and, delivered in full, charged at most: billed_seconds × price.",
      example: "$3.840",
    }),
    eta_seconds: z
      .number()
      .int()
      .meta({ description: "Estimated seconds from acceptance to completion, as of now.", example: 42 }),
    expires_at: z.string().meta({
      description: "After this (10 minutes after quoting, UTC) the create refuses the quote with `quote_expired`.",
      example: "2026-11-21T15:26:57Z",
    }),
    livemode: z
      .boolean()
      .meta({ description: "false for a quote made with a test key ($0.000; usable by test keys only).", example: true }),
  })
  .meta({ id: "Quote" });

export type QuoteRecordT = z.infer<typeof QuoteRecord>;

const LONG_SIDE: Record<Size, number> = { "720p": 1280, "1080p": 1920, "4k": 3840 };
const SHORT_SIDE: Record<Size, number> = { "720p": 720, "1080p": 1080, "4k": 2160 };

/** Exact frame size for a quality and shape: 1080p 16:9 is 1920x1080, 9:16 is 1080x1920. */
export function dimensionsFor(size: Size, aspectRatio: AspectRatio): { width: number; height: number } {
  return aspectRatio === "16:9"
    ? { width: LONG_SIDE[size], height: SHORT_SIDE[size] }
    : { width: SHORT_SIDE[size], height: LONG_SIDE[size] };
}
