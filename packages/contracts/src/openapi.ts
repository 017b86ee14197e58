/**
 * The OpenAPI 3.1 document of the public API, generated from the same zod schemas that
 * validate requests (generation.ts) and from the error catalog (errors.ts). Nothing here
 * restates a request shape by hand: change a schema or a catalog entry and the document follows.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ERROR_CATALOG, docUrl, type ApiErrorCode, type ErrorCode, type ErrorDefinition } from "./errors";
import { CreateGenerationBody, GenerationIdBody, GenerationRecord, MAX_PROMPT_CHARS } from "./generation";
import { ErrorCatalogList, ErrorEnvelope, GenerationList, ModelList, ServiceStatus } from "./responses";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0-dev";
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

const EXAMPLE_RECORD = {
  id: "vid_7hX2kLmQ9rT4vB8nC1dE3f",
  model: "gen-3.1-pro",
  status: "processing",
  price: "$0.480 / сек",
  eta_seconds: 42,
  output: [],
  created_at: "2026-11-21T15:16:57Z",
  prompt: "A paper boat drifting down a rainy street at dusk",
  duration: 8,
  size: "1080p",
  aspect_ratio: "16:9",
  progress: 0,
  billed_seconds: 8,
  cost: "$3.840",
  completed_at: null,
} as const;

const EXAMPLE_COMPLETED = {
  ...EXAMPLE_RECORD,
  status: "completed",
  eta_seconds: 0,
  progress: 100,
  output: [{ url: "https://cdn.example.com/cdn/vid_7hX2kLmQ9rT4vB8nC1dE3f.mp4", resolution: "1080p", duration: 8 }],
  completed_at: "2026-11-21T15:17:41Z",
} as const;

const EXAMPLE_REQUEST = {
  model: "gen-3.1-pro",
  prompt: "A paper boat drifting down a rainy street at dusk, cinematic, shallow depth of field",
  duration: 8,
  aspectRatio: "16:9",
  size: "1080p",
} as const;

/** Every API error code grouped by its HTTP status, in catalog order (the dashboard's own codes left out). */
export function codesByStatus(): Map<number, ApiErrorCode[]> {
  const out = new Map<number, ApiErrorCode[]>();
  for (const [code, d] of Object.entries(ERROR_CATALOG) as [ErrorCode, ErrorDefinition][]) {
    if (d.status === null || d.dashboardOnly) continue;
    const list = out.get(d.status) ?? [];
    list.push(code as ApiErrorCode);
    out.set(d.status, list);
  }
  return out;
}

const STATUS_TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service unavailable",
};

// ---- headers -----------------------------------------------------------------

const requestIdHeader = {
  "X-Request-Id": {
    description: "Unique id of this request; the same value as `error.request_id`. Quote it to support.",
    schema: { type: "string", example: "req_5c1b0d4e9a7f3e2d1c0b9a8f" },
  },
} as const;

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests per second allowed for this account (and model, on generation requests).", schema: { type: "integer", example: 18 } },
  "X-RateLimit-Remaining": { description: "Requests left within the last second (a sliding one-second window).", schema: { type: "integer", example: 17 } },
  "X-RateLimit-Reset": { description: "Seconds until one more request would be accepted (at least 1).", schema: { type: "integer", example: 1 } },
} as const;

const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer", example: 1 } },
} as const;

const idempotentReplayedHeader = {
  "Idempotent-Replayed": { description: "`true` when this response is the stored answer to an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
} as const;

// ---- error responses --------------------------------------------------------

const AUTH_ERRORS: ApiErrorCode[] = ["missing_api_key", "invalid_api_key", "rate_limited", "internal_error", "service_unavailable"];
const BODY_ERRORS: ApiErrorCode[] = ["invalid_json", "missing_parameter", "invalid_parameter", "unknown_parameter", "payload_too_large", "unsupported_media_type"];
const IDEMPOTENCY_ERRORS: ApiErrorCode[] = ["invalid_parameter", "idempotency_key_reused", "idempotency_request_in_progress"];

/** The error responses of one operation: one per status, listing its catalog codes. */
function errorResponses(baseUrl: string, codes: ApiErrorCode[], authenticated: boolean): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CATALOG[code].status;
    const list = byStatus.get(status) ?? [];
    list.push(code);
    byStatus.set(status, list);
  }
  const out: Record<string, ResponseConfig> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    const lines = list.map((c) => `- \`${c}\`: ${ERROR_CATALOG[c].meaning} [Fix](${docUrl(baseUrl, c)})`).join("\n");
    const first = list[0]!;
    const headers: Record<string, unknown> = { ...requestIdHeader };
    if (authenticated && status !== 401) Object.assign(headers, rateLimitHeaders);
    if (status === 429 || status === 503) Object.assign(headers, retryAfterHeader);
    out[String(status)] = {
      description: `${STATUS_TITLES[status] ?? "Error"}. Error codes:\n\n${lines}`,
      headers: headers as ResponseConfig["headers"],
      content: {
        "application/json": {
          schema: {
            allOf: [
              { $ref: "#/components/schemas/Error" },
              {
                type: "object",
                properties: {
                  error: { type: "object", properties: { code: { type: "string", enum: list } } },
                },
              },
            ],
          },
          example: {
            error: {
              code: first,
              type: ERROR_CATALOG[first].type,
              message: ERROR_CATALOG[first].meaning,
              param: first === "unknown_parameter" ? "aspect_ratio" : null,
              doc_url: docUrl(baseUrl, first),
              request_id: "req_5c1b0d4e9a7f3e2d1c0b9a8f",
            },
          },
        },
      },
    };
  }
  return out;
}

const jsonRecord = (description: string, example: unknown, headers: Record<string, unknown>): ResponseConfig => ({
  description,
  headers: headers as ResponseConfig["headers"],
  content: { "application/json": { schema: GenerationRecord, example } },
});

const SSE_EXAMPLE = [
  `event: generation\nid: 1\ndata: ${JSON.stringify(EXAMPLE_RECORD)}\n`,
  `: keep-alive\n`,
  `event: generation\nid: 2\ndata: ${JSON.stringify(EXAMPLE_COMPLETED)}\n`,
].join("\n");

const sseResponse = (description: string): ResponseConfig => ({
  description,
  headers: { ...requestIdHeader, ...rateLimitHeaders } as ResponseConfig["headers"],
  content: {
    "text/event-stream": {
      schema: {
        type: "string",
        description:
          "Server-sent events. Each event has `event: generation`, `id:` = a sequence number starting at 1, and `data:` = the Generation record as one line of JSON (schema `Generation`). " +
          "The first event is sent at once (status `processing`); then one whenever the record changes and at least every 5 s; a comment line `: keep-alive` every 15 s; " +
          "the last event carries the terminal record (`completed`, `failed` or `canceled`) and the stream ends. " +
          "When the server restarts (a deploy, a graceful shutdown), the stream instead ends with `event: server_restarting` and a `retry:` field (ms): " +
          "the generation goes on; reconnect to GET /api/v1/videos/generations/{id}/events after that delay to continue.",
        "x-sse-event": "generation",
        "x-sse-data": { $ref: "#/components/schemas/Generation" },
      } as never,
      example: SSE_EXAMPLE,
    },
  },
});

const GenerationIdParam = z.object({
  id: z.string().min(1).meta({ description: "Generation id (`vid_...`).", example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
});

const ListQuery = z.object({
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .optional()
    .meta({ description: `Page size, 1-${MAX_PAGE_LIMIT}; default ${DEFAULT_PAGE_LIMIT}.`, example: DEFAULT_PAGE_LIMIT }),
  cursor: z.string().optional().meta({ description: "`next_cursor` of the previous page, unchanged." }),
});

const IdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "Makes retries safe: the same key with the same body within 24 h returns the original response (marked `Idempotent-Replayed: true`) and never creates or charges twice; the same key with a different body is `409 idempotency_key_reused`.",
      example: "4f1c2a8e-7b9d-4e3a-9c51-2d7f0e6b8a13",
    }),
});

function describeApi(baseUrl: string): string {
  const groups = [...codesByStatus().entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `- **${status}**: ${codes.map((c) => `\`${c}\``).join(", ")}`)
    .join("\n");
  return [
    "Turn a text prompt, optionally with image references, into an H.264 MP4 clip. Billed per second of produced video.",
    "",
    "Every call sends `Authorization: Bearer <API_KEY>` and JSON in UTF-8 (bodies over 64 KiB are refused; unknown body fields are refused with `unknown_parameter`). " +
      "Every response carries `X-Request-Id`; authenticated responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.",
    "",
    `Errors answer with \`{"error": {"code", "type", "message", "param", "doc_url", "request_id"}}\`. The full error catalog, with the fix for each code, is at ${baseUrl}/errors (JSON: GET /api/v1/errors).`,
    "",
    "Codes by HTTP status (any endpoint; unknown paths answer `404 route_not_found`, a wrong method `405 method_not_allowed`):",
    "",
    groups,
    "",
    "API status: in development.",
  ].join("\n");
}

/** Builds the whole document; `baseUrl` is the public address (used for servers and doc_url links). */
export function buildOpenApiDocument(baseUrl: string) {
  const base = baseUrl.replace(/\/$/, "");
  const registry = new OpenAPIRegistry();

  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "Your API key from the dashboard: `Authorization: Bearer <API_KEY>`.",
  });

  for (const [status, codes] of codesByStatus()) {
    // Reusable responses per status, so the catalog is complete in the document even for
    // codes that no single operation lists (route_not_found, method_not_allowed).
    const r = errorResponses(base, codes, false)[String(status)]!;
    registry.registerComponent("responses", `Error${status}`, {
      description: r.description ?? "",
      headers: r.headers as never,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: (r.content!["application/json"] as { example: unknown }).example } },
    });
  }

  const security = [{ bearerAuth: [] as string[] }];
  const okHeaders = { ...requestIdHeader, ...rateLimitHeaders };
  const publicOkHeaders = { ...requestIdHeader };

  registry.registerPath({
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
      "- **poll**: `\"stream\": false`, or `Accept: application/json` without `webHook`: `202` with the record; poll POST /api/v1/videos/result.\n\n" +
      "Cross-field rules: `urls` not with `firstFrameUrl`/`lastFrameUrl` (`urls_with_frames`); `lastFrameUrl` requires `firstFrameUrl` (`last_frame_without_first_frame`); " +
      `at most 3 \`urls\` (\`too_many_urls\`); \`prompt\` 1-${MAX_PROMPT_CHARS} characters after trimming; \`duration\` within the model's bounds; \`size\` one the model supports (\`unsupported_size\`).`,
    security,
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
                value: { model: "gen-3-1080", prompt: "The camera slowly pushes in on the product", duration: 4, firstFrameUrl: "https://example.com/first.png", lastFrameUrl: "https://example.com/last.png", stream: false },
              },
              callback: {
                summary: "Reference images, with a callback",
                value: { model: "gen-3.1-pro", prompt: "A fox running through fresh snow", urls: ["https://example.com/fox.jpg"], aspectRatio: "9:16", webHook: "https://example.com/hooks/vgen" },
              },
            },
          },
        },
      },
    },
    responses: {
      "200": sseResponse("Stream mode (default): the record as server-sent events until the generation ends."),
      "202": jsonRecord("Callback or poll mode: the accepted record (status `processing`).", EXAMPLE_RECORD, { ...okHeaders, ...idempotentReplayedHeader }),
      ...errorResponses(
        base,
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

  registry.registerPath({
    method: "get",
    path: "/api/v1/videos/generations",
    operationId: "listGenerations",
    tags: ["Generations"],
    summary: "List generations",
    description: "The account's generations, newest first, a page at a time.",
    security,
    request: { query: ListQuery },
    responses: {
      "200": {
        description: "A page of generations.",
        headers: okHeaders as never,
        content: {
          "application/json": {
            schema: GenerationList,
            example: { object: "list", data: [EXAMPLE_COMPLETED], has_more: true, next_cursor: "eyJ0IjoiMjAyNi0xMS0yMVQxNToxNjo1N1oifQ" },
          },
        },
      },
      ...errorResponses(base, ["invalid_parameter", "invalid_cursor", ...AUTH_ERRORS], true),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/videos/generations/{id}/events",
    operationId: "streamGenerationEvents",
    tags: ["Generations"],
    summary: "Stream a generation's events",
    description: "Re-attaches to the event stream of a running or finished generation (same format as the stream mode of create). A finished generation yields one event and the stream ends.",
    security,
    request: { params: GenerationIdParam },
    responses: {
      "200": sseResponse("The record as server-sent events until the generation ends."),
      ...errorResponses(base, ["generation_not_found", ...AUTH_ERRORS], true),
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/v1/videos/result",
    operationId: "getGenerationResult",
    tags: ["Generations"],
    summary: "Get a generation",
    description: "Returns the current record: poll it until `status` leaves `processing`. An id of another account is `404 generation_not_found`.",
    security,
    request: {
      headers: IdempotencyHeaders,
      body: { required: true, content: { "application/json": { schema: GenerationIdBody, example: { id: EXAMPLE_RECORD.id } } } },
    },
    responses: {
      "200": jsonRecord("The generation record.", EXAMPLE_COMPLETED, okHeaders),
      ...errorResponses(base, [...BODY_ERRORS, "generation_not_found", ...IDEMPOTENCY_ERRORS, ...AUTH_ERRORS], true),
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/v1/videos/cancel",
    operationId: "cancelGeneration",
    tags: ["Generations"],
    summary: "Cancel a generation",
    description: "Cancels a generation that has not finished; its hold is released and nothing is charged.",
    security,
    request: {
      headers: IdempotencyHeaders,
      body: { required: true, content: { "application/json": { schema: GenerationIdBody, example: { id: EXAMPLE_RECORD.id } } } },
    },
    responses: {
      "200": jsonRecord("The canceled record.", { ...EXAMPLE_RECORD, status: "canceled", eta_seconds: 0, completed_at: "2026-11-21T15:17:03Z" }, okHeaders),
      ...errorResponses(base, [...BODY_ERRORS, "generation_not_found", "generation_not_cancelable", ...IDEMPOTENCY_ERRORS, ...AUTH_ERRORS], true),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/models",
    operationId: "listModels",
    tags: ["Catalog"],
    summary: "List models",
    description: "The enabled catalog models with price, limits, queue, sizes and durations.",
    security,
    responses: {
      "200": { description: "The catalog.", headers: okHeaders as never, content: { "application/json": { schema: ModelList } } },
      ...errorResponses(base, AUTH_ERRORS, true),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/errors",
    operationId: "listErrors",
    tags: ["Platform"],
    summary: "List error codes",
    description: "The error catalog as JSON: every code with its HTTP status (null for failure codes inside a failed record), type, meaning and fix. Public, no API key.",
    security: [],
    responses: {
      "200": {
        description: "The error catalog.",
        headers: publicOkHeaders as never,
        content: {
          "application/json": {
            schema: ErrorCatalogList,
            example: {
              object: "list",
              data: [
                { code: "insufficient_balance", status: 402, type: "billing_error", meaning: ERROR_CATALOG.insufficient_balance.meaning, fix: ERROR_CATALOG.insufficient_balance.fix, doc_url: docUrl(base, "insufficient_balance") },
              ],
            },
          },
        },
      },
      ...errorResponses(base, ["internal_error"], false),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/status",
    operationId: "getStatus",
    tags: ["Platform"],
    summary: "Service status",
    description: "API status, health indicator, 90-day success rate, average response time and daily bars. Public, no API key.",
    security: [],
    responses: {
      "200": { description: "The status block.", headers: publicOkHeaders as never, content: { "application/json": { schema: ServiceStatus } } },
      ...errorResponses(base, ["internal_error", "service_unavailable"], false),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    tags: ["Platform"],
    summary: "This OpenAPI document",
    description: "The OpenAPI 3.1 document, generated from the schemas that validate requests. Public, no API key.",
    security: [],
    responses: {
      "200": { description: "The document.", headers: publicOkHeaders as never, content: { "application/json": { schema: { type: "object" } } } },
      ...errorResponses(base, ["internal_error"], false),
    },
  });

  const generator = new OpenApiGeneratorV31([
    ...registry.definitions,
    // Schemas named by their `.meta({ id })`; listed so raw $refs to them always resolve.
    { type: "schema", schema: ErrorEnvelope },
    { type: "schema", schema: GenerationRecord },
    { type: "schema", schema: CreateGenerationBody },
  ]);
  const doc = generator.generateDocument({
    openapi: OPENAPI_VERSION,
    info: {
      title: "vgen video generation API",
      version: API_VERSION,
      description: describeApi(base),
    },
    servers: [{ url: base, description: "This deployment" }],
    security,
    tags: [
      { name: "Generations", description: "Create, follow, fetch, list and cancel video generations." },
      { name: "Catalog", description: "The models you can generate with." },
      { name: "Platform", description: "Public endpoints: error catalog, status, this document." },
    ],
    externalDocs: { description: "error catalog", url: `${base}/errors` },
  });
  return doc;
}
