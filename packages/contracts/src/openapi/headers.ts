/** Response headers the document lists, shared by every operation. */

export const requestIdHeader = {
  "X-Request-Id": {
    description: "Unique id of this request; the same value as `error.request_id`. Quote it to support.",
    schema: { type: "string", example: "req_5c1b0d4e9a7f3e2d1c0b9a8f" },
  },
} as const;

export const rateLimitHeaders = {
  "X-RateLimit-Limit": {
    description: "Requests per second allowed for this account (and model, on generation requests).",
    schema: { type: "integer", example: 18 },
  },
  "X-RateLimit-Remaining": {
    description: "Requests left within the last second (a sliding one-second window).",
    schema: { type: "integer", example: 17 },
  },
  "X-RateLimit-Reset": {
    description: "Seconds until one more request would be accepted (at least 1).",
    schema: { type: "integer", example: 1 },
  },
} as const;

export const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer", example: 1 } },
} as const;

export const idempotentReplayedHeader = {
  "Idempotent-Replayed": {
    description: "`true` when this response is the stored answer to an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
} as const;

export const preferenceAppliedHeader = {
  "Preference-Applied": {
    description: "`wait=N` when the request's `Prefer: wait` held the answer (RFC 7240).",
    schema: { type: "string", example: "wait=60" },
  },
} as const;

/** Headers of a successful answer to an authenticated request. */
export const okHeaders = { ...requestIdHeader, ...rateLimitHeaders };
/** Headers of a successful answer from a public endpoint (no API key, no rate-limit headers). */
export const publicOkHeaders = { ...requestIdHeader };
