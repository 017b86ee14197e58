/**
 * Error responses built from the error catalog (../errors.ts): per operation, one response per
 * HTTP status listing that status's codes. Codes no operation answers (`route_not_found`,
 * `method_not_allowed`, `output_expired` of the file URLs) are in the info's list by status.
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { ERROR_CATALOG, docUrl, type ApiErrorCode, type ErrorCode, type ErrorDefinition } from "../errors";
import { rateLimitHeaders, requestIdHeader, retryAfterHeader } from "./headers";

/** Codes any authenticated request can get (a restricted key's expiry and addresses apply to every call). */
export const AUTH_ERRORS: ApiErrorCode[] = [
  "missing_api_key",
  "invalid_api_key",
  "key_expired",
  "key_source_not_allowed",
  "rate_limited",
  "internal_error",
  "service_unavailable",
];
/** Codes any request with a JSON body can get. */
export const BODY_ERRORS: ApiErrorCode[] = [
  "invalid_json",
  "missing_parameter",
  "invalid_parameter",
  "unknown_parameter",
  "payload_too_large",
  "unsupported_media_type",
];
/** Codes of the Idempotency-Key header. */
export const IDEMPOTENCY_ERRORS: ApiErrorCode[] = [
  "invalid_parameter",
  "idempotency_key_reused",
  "idempotency_request_in_progress",
];

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

/** The error responses of one operation: one per status, listing its catalog codes. */
export function errorResponses(baseUrl: string, codes: ApiErrorCode[], authenticated: boolean): Record<string, ResponseConfig> {
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
          // The whole envelope by reference: an allOf narrowing `code` per status makes validators
          // reject the examples (each branch sees the other's properties as unevaluated).
          schema: { $ref: "#/components/schemas/Error" },
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
