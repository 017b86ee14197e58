import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ConflictError,
  errorFromResponse,
  InsufficientBalanceError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  retryAfterSeconds,
  ServiceUnavailableError,
  VgenError,
} from "../src/errors";

function envelope(code: string, type = "invalid_request_error", param: string | null = null) {
  return {
    error: { code, type, message: `message of ${code}`, param, doc_url: `http://x/errors#${code}`, request_id: "req_body" },
  };
}

describe("error mapping", () => {
  it("carries every envelope field and picks the class by catalog code or status", () => {
    const err = errorFromResponse(400, envelope("too_many_urls", "invalid_request_error", "urls"), new Headers());
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err).toBeInstanceOf(VgenError);
    expect(err).toMatchObject({
      status: 400,
      code: "too_many_urls",
      type: "invalid_request_error",
      message: "message of too_many_urls",
      param: "urls",
      request_id: "req_body",
      doc_url: "http://x/errors#too_many_urls",
      name: "InvalidRequestError",
    });
    const cases: [number, string, new (...a: never[]) => VgenError][] = [
      [401, "invalid_api_key", AuthenticationError],
      [402, "insufficient_balance", InsufficientBalanceError],
      [403, "subscription_paused", PermissionDeniedError],
      [404, "generation_not_found", NotFoundError],
      [409, "generation_not_cancelable", ConflictError],
      [413, "payload_too_large", InvalidRequestError],
      [415, "unsupported_media_type", InvalidRequestError],
      [429, "rate_limited", RateLimitError],
      [500, "internal_error", InternalServerError],
      [503, "service_unavailable", ServiceUnavailableError],
    ];
    for (const [status, code, Class] of cases)
      expect(errorFromResponse(status, envelope(code), new Headers())).toBeInstanceOf(Class);
  });

  it("falls back to the X-Request-Id header and the status when the body is not an envelope", () => {
    const err = errorFromResponse(502, "<html>Bad gateway</html>", new Headers({ "x-request-id": "req_hdr" }));
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ status: 502, code: undefined, request_id: "req_hdr", message: "HTTP 502 without an error body" });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(errorFromResponse(429, envelope("rate_limited"), new Headers({ "retry-after": "2" })).retryAfter).toBe(2);
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(retryAfterSeconds(new Headers({ "retry-after": "Mon, 23 Nov 2026 10:00:05 GMT" }), now)).toBe(5);
    expect(retryAfterSeconds(new Headers({ "retry-after": "whenever" }), now)).toBeNull();
  });
});
