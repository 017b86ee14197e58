import { env } from "@vgen/config";
import { ApiError, type ApiErrorCode } from "@vgen/contracts";
import { newId, getDb } from "@vgen/db";
import { consumeRateLimit, rateLimitedError } from "@vgen/engine/platform";
import { clientIp } from "./client-ip";
import { recordRequest } from "./request-log";
import { apiErrorOf } from "../errors/convert";
import { errorResponse } from "../errors/http";

const UNAUTHENTICATED_QPS = env().UNAUTHENTICATED_RATE_LIMIT_QPS;

/**
 * Public (no key) API endpoints: request id, error envelope and request log in one place, limited
 * per client address like every request without a valid key (each one is a request-log row).
 */
export function withPublic(handler: (req: Request) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const started = performance.now();
    const requestId = newId("req");
    let res: Response;
    let errorCode: ApiErrorCode | null = null;
    try {
      const limit = await consumeRateLimit(`ip:${clientIp(req.headers)}`, UNAUTHENTICATED_QPS);
      if (!limit.allowed) throw rateLimitedError(limit, "requests without an API key from this address");
      res = await handler(req);
    } catch (err) {
      const failure = apiErrorOf(err, { requestId, path: new URL(req.url).pathname });
      errorCode = failure.code;
      res = errorResponse(failure, requestId);
    }
    res.headers.set("x-request-id", requestId);
    recordRequest(getDb(), {
      requestId,
      accountId: null,
      apiKeyId: null,
      livemode: true,
      modelId: null,
      generationId: null,
      method: req.method,
      path: new URL(req.url).pathname,
      status: res.status,
      errorCode,
      latencyMs: Math.round(performance.now() - started),
      // Shown to no account (no key): nothing worth the space.
      requestBody: null,
      responseBody: null,
    });
    return res;
  };
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];

/** JSON 405 handlers for every method a route does not serve, so no API path answers HTML or an empty 405. */
export function methodNotAllowed(...allowed: Method[]): Partial<Record<Method, (req: Request) => Response>> {
  const handler = (req: Request) =>
    errorResponse(
      new ApiError("method_not_allowed", `${req.method} is not allowed here; use ${allowed.join(" or ")}.`),
      newId("req"),
      {
        allow: allowed.join(", "),
      },
    );
  return Object.fromEntries(ALL_METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, handler]));
}
