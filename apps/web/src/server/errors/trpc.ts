import { type TRPCDefaultErrorShape, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { ZodError } from "zod";
import { ApiError, type Locale } from "@vgen/contracts";
import { DATABASE_RETRY_AFTER_SECONDS } from "@vgen/engine/platform";
import { failureKind } from "./convert";
import { fieldErrorsFor } from "./field-errors";

/** The tRPC outlet of ./convert.ts: catalog errors as tRPC errors, and what the dashboard's client receives. */

/** What the browser sees for an unexpected failure; the real error is logged by the route's onError. */
const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Try again in a moment.";
const SERVICE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Try again in a moment.";

const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** An API or engine error as a tRPC error: the catalog's status picks the code, the ApiError stays the cause. */
export function trpcErrorOf(err: ApiError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_BY_STATUS[err.status] ?? "INTERNAL_SERVER_ERROR", message: err.message, cause: err });
}

/**
 * The error shape the dashboard receives: zod refusals as field errors in the request's language,
 * the catalog code of an API or engine error, and an unexpected error (a database or SDK exception,
 * not an API error or a TRPCError a handler chose) never with its message, which names tables,
 * constraints and file paths; the database being unavailable is the retryable 503, not a 500.
 */
export function formatTrpcError<S extends TRPCDefaultErrorShape>(shape: S, error: TRPCError, locale: Locale) {
  const kind = error.code === "INTERNAL_SERVER_ERROR" && error.cause !== undefined ? failureKind(error.cause) : null;
  const unexpected = kind !== null && kind !== "refusal";
  const unavailable = kind === "unavailable";
  return {
    ...shape,
    code: unavailable ? TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE : shape.code,
    message: unavailable ? SERVICE_UNAVAILABLE_MESSAGE : unexpected ? INTERNAL_ERROR_MESSAGE : shape.message,
    data: {
      ...shape.data,
      ...(unavailable ? { code: "SERVICE_UNAVAILABLE" as const, httpStatus: 503 } : {}),
      zodError: failureKind(error.cause) === "invalid_input" ? fieldErrorsFor(error.cause as ZodError, locale) : null,
      // The error catalog's code of an API or engine error (forms key their messages on it).
      apiCode: error.cause instanceof ApiError ? error.cause.code : null,
      // The field it names, for a form to show the message under that field.
      param: error.cause instanceof ApiError ? error.cause.param : null,
    },
  };
}

/** Retry-After for a response that carries a database-unavailable error (the formatter made it a 503). */
export function retryAfterFor(errors: TRPCError[]): Record<string, string> {
  const unavailable = errors.some((e) => e.code === "INTERNAL_SERVER_ERROR" && failureKind(e.cause) === "unavailable");
  return unavailable ? { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } : {};
}
