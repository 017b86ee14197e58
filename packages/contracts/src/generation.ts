import { z } from "zod";

export const SIZES = ["720p", "1080p", "4k"] as const;
export const ASPECT_RATIOS = ["16:9", "9:16"] as const;
export const GENERATION_STATUSES = ["processing", "completed", "failed", "canceled"] as const;
export const MAX_PROMPT_CHARS = 4000;
export const MAX_URL_CHARS = 2048;
export const MAX_REFERENCE_URLS = 3;

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
    stream: z
      .boolean()
      .optional()
      .meta({ description: "`false` answers 202 with the record for polling instead of the default event stream." }),
  })
  .meta({ id: "CreateGenerationRequest" });

export type CreateGenerationInput = z.infer<typeof CreateGenerationBody>;

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
  })
  .meta({ id: "GenerationOutput" });

export const GenerationRecord = z
  .object({
    id: z.string().meta({ example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
    model: z.string().meta({ example: "gen-3.1-pro" }),
    status: z.enum(GENERATION_STATUSES),
    price: z.string().meta({ description: "Model price: `$<amount> / сек`, 3 decimals.", example: "$0.480 / сек" }),
    eta_seconds: z.number().int().meta({ description: "Estimated seconds until completion; 0 when terminal.", example: 42 }),
    output: z.array(OutputObject).meta({ description: "Empty until the generation is completed." }),
    created_at: z.string().meta({ example: "2026-11-21T15:16:57Z" }),
    prompt: z.string(),
    duration: z.number().int(),
    size: z.enum(SIZES),
    aspect_ratio: z.enum(ASPECT_RATIOS),
    progress: z.number().int().min(0).max(100),
    billed_seconds: z.number().int().meta({ description: "max(duration, model minimum charge)." }),
    cost: z
      .string()
      .meta({ description: "billed_seconds × price; held at acceptance, charged only on completion.", example: "$3.840" }),
    completed_at: z.string().nullable(),
    error: z
      .object({ code: z.string(), message: z.string() })
      .optional()
      .meta({ description: "Present only when status is `failed`." }),
  })
  .meta({ id: "Generation" });

export type GenerationRecordT = z.infer<typeof GenerationRecord>;

const LONG_SIDE: Record<Size, number> = { "720p": 1280, "1080p": 1920, "4k": 3840 };
const SHORT_SIDE: Record<Size, number> = { "720p": 720, "1080p": 1080, "4k": 2160 };

/** Exact frame size for a quality and shape: 1080p 16:9 is 1920x1080, 9:16 is 1080x1920. */
export function dimensionsFor(size: Size, aspectRatio: AspectRatio): { width: number; height: number } {
  return aspectRatio === "16:9"
    ? { width: LONG_SIDE[size], height: SHORT_SIDE[size] }
    : { width: SHORT_SIDE[size], height: LONG_SIDE[size] };
}
