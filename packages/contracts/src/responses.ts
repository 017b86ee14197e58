/**
 * Response-side schemas: what the public API answers besides the generation record.
 * They feed the OpenAPI document; the route handlers build these shapes.
 */
import { z } from "zod";
import { ERROR_CATALOG, type ErrorCode, type ErrorType } from "./errors";
import { ASPECT_RATIOS, GenerationRecord, MAX_OUTPUTS, SIZES } from "./generation";

const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "billing_error",
  "not_found_error",
  "conflict_error",
  "rate_limit_error",
  "api_error",
  "generation_error",
] as const satisfies readonly ErrorType[];

const ALL_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ALL_CODES).meta({
        description: "Stable machine-readable code from the error catalog (GET /api/v1/errors).",
        example: "unknown_parameter",
      }),
      type: z.enum(ERROR_TYPES).meta({ description: "Broad class of the error.", example: "invalid_request_error" }),
      message: z
        .string()
        .meta({ description: "Human-readable explanation for the developer.", example: "Unknown parameter: 'aspect_ratio'." }),
      param: z
        .string()
        .nullable()
        .meta({ description: "The request parameter (or header) at fault, when there is one.", example: "aspect_ratio" }),
      doc_url: z.string().meta({
        description: "`{base_url}/errors#<code>`: the error catalog entry.",
        example: "https://api.example.com/errors#unknown_parameter",
      }),
      request_id: z.string().meta({
        description: "Same as the `X-Request-Id` header; quote it to support.",
        example: "req_5c1b0d4e9a7f3e2d1c0b9a8f",
      }),
    }),
  })
  .meta({
    id: "Error",
    description: "The error envelope every failed API request answers with.",
    example: {
      error: {
        code: "unknown_parameter",
        type: "invalid_request_error",
        message: "Unknown parameter: 'aspect_ratio'.",
        param: "aspect_ratio",
        doc_url: "https://api.example.com/errors#unknown_parameter",
        request_id: "req_5c1b0d4e9a7f3e2d1c0b9a8f",
      },
    },
  });

export const GenerationList = z
  .object({
    object: z.literal("list"),
    data: z.array(GenerationRecord).meta({ description: "The account's generations, newest first." }),
    has_more: z.boolean().meta({ description: "Whether another page follows." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` to get the next page; null on the last page." }),
  })
  .meta({ id: "GenerationList" });

export const Model = z
  .object({
    id: z.string().meta({ example: "gen-3.1-pro" }),
    object: z.literal("model"),
    purpose: z.string().meta({ example: "Top-quality line, for complex scene staging and high-level production" }),
    price: z.string().meta({ description: "Price per second of video, `$<amount> / сек`.", example: "$0.480 / сек" }),
    price_per_second: z.string().meta({ example: "$0.480" }),
    rate_limit_qps: z
      .number()
      .int()
      .meta({ description: "Requests per second allowed per account for this model.", example: 18 }),
    min_charge_seconds: z.number().int().meta({ description: "Minimum billed seconds per generation.", example: 4 }),
    queue: z.enum(["Pro Priority", "Fast/Standard"]),
    sizes: z
      .array(z.enum(SIZES))
      .meta({ description: "Sizes the model produces; the first is the default.", example: ["1080p", "720p", "4k"] }),
    default_size: z.enum(SIZES).meta({ example: "1080p" }),
    aspect_ratios: z.array(z.enum(ASPECT_RATIOS)),
    duration: z
      .object({ min: z.number().int(), max: z.number().int(), default: z.number().int() })
      .meta({ description: "Clip length bounds and default, in seconds.", example: { min: 1, max: 8, default: 8 } }),
    max_outputs: z.number().int().min(1).max(MAX_OUTPUTS).meta({
      description: "The most clips one request may ask for (`n`); each is held and billed.",
      example: 4,
    }),
    audio: z
      .object({
        supported: z.boolean().meta({ description: "The model can add a sound track (`generateAudio`)." }),
        default: z.boolean().meta({ description: "What a request without `generateAudio` gets." }),
        price: z.string().nullable().meta({
          description: "Price per second of a clip with sound, `$<amount> / сек`; null when the model makes no sound.",
        }),
      })
      .meta({ description: "Sound track support.", example: { supported: true, default: false, price: "$0.480 / сек" } }),
  })
  .meta({ id: "Model" });

export const ModelList = z.object({ object: z.literal("list"), data: z.array(Model) }).meta({ id: "ModelList" });

export const ErrorCatalogEntry = z
  .object({
    code: z.enum(ALL_CODES),
    status: z
      .number()
      .int()
      .nullable()
      .meta({ description: "HTTP status; null for failure codes that appear only inside a failed generation record." }),
    type: z.enum(ERROR_TYPES),
    meaning: z.string(),
    fix: z.string(),
    doc_url: z.string().meta({ example: "https://api.example.com/errors#insufficient_balance" }),
  })
  .meta({ id: "ErrorCatalogEntry" });

export const ErrorCatalogList = z
  .object({ object: z.literal("list"), data: z.array(ErrorCatalogEntry) })
  .meta({ id: "ErrorCatalog" });

export const STATUS_INDICATORS = ["stable", "degraded", "outage"] as const;
export type StatusIndicator = (typeof STATUS_INDICATORS)[number];

export const StatusDay = z
  .object({
    date: z.string().meta({ description: "UTC day, `YYYY-MM-DD`.", example: "2026-11-21" }),
    requests: z.number().int().meta({ description: "API requests received that day." }),
    platform_failures: z.number().int().meta({ description: "5xx responses plus generations failed for a platform reason." }),
    success_rate: z
      .string()
      .nullable()
      .meta({ description: "`99.50%` form; null when the day had no traffic.", example: "100.00%" }),
  })
  .meta({ id: "StatusDay" });

export const ServiceStatus = z
  .object({
    api_status: z.literal("in development"),
    indicator: z
      .enum(STATUS_INDICATORS)
      .meta({ description: "From platform failures in the recent window (see `window_minutes`, `thresholds`)." }),
    success_rate: z.string().meta({
      description:
        "Share of requests and generations over 90 days without a platform failure, 2 decimals. User errors (4xx) do not count against it.",
      example: "100.00%",
    }),
    average_response_time: z.union([z.number().int(), z.literal("no data")]).meta({
      description: 'Mean API response time over 90 days, in milliseconds; `"no data"` when there were no requests.',
      example: "no data",
    }),
    window_minutes: z.number().int().meta({ description: "Length of the recent window the indicator reads.", example: 15 }),
    recent: z.object({
      requests: z.number().int(),
      generations: z.number().int(),
      platform_failures: z.number().int(),
    }),
    thresholds: z
      .object({ degraded: z.string(), outage: z.string() })
      .meta({ description: "How the indicator is decided, in words." }),
    days: z.array(StatusDay).meta({ description: "90 daily bars, oldest first, ending today (UTC)." }),
    updated_at: z.string().meta({ example: "2026-11-21T15:16:57Z" }),
  })
  .meta({ id: "ServiceStatus" });

export type ServiceStatusT = z.infer<typeof ServiceStatus>;
export type StatusDayT = z.infer<typeof StatusDay>;

export const Balance = z
  .object({
    object: z.literal("balance"),
    available: z.string().meta({
      description: "What new generations can spend: the ledger's balance less the holds of running generations.",
      example: "$16.160",
    }),
    held: z.string().meta({
      description: "Held by the account's running generations; charged when they complete, released otherwise.",
      example: "$3.840",
    }),
  })
  .meta({ id: "Balance", description: "The account's money in US dollars, 3 decimals like every amount of the API." });
