/**
 * tRPC in three parts (create-t3-app style): 1. context, 2. initialization, 3. procedures.
 */
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import { ZodError } from "zod";
import { ApiError, findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@vgen/engine/platform";
import { getSessionUser, type SessionUser } from "./auth/session";
import { localeOfRequest } from "../i18n/locales";
import { fieldErrorsFor } from "./field-errors";

// 1. Context: the database and who is signed in.
export async function createTRPCContext(opts: { headers: Headers }) {
  return { db: getDb(), user: await getSessionUser(), headers: opts.headers };
}
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;
/** The context of protectedProcedure and the procedures built on it: someone is signed in. */
export type AuthedContext = TRPCContext & { user: SessionUser };
/** The context of staffProcedure and adminProcedure: the signed-in user is support or admin. */
export type StaffContext = TRPCContext & { user: SessionUser & { role: "support" | "admin" } };

/** What the browser sees for an unexpected failure; the real error is logged by the route's onError. */
const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Try again in a moment.";
const SERVICE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Try again in a moment.";

// 2. Initialization: superjson for BigInt/Date; zod errors flattened for forms. An unexpected error
// (a database or SDK exception, not an API error or a TRPCError a handler chose) never reaches the
// client with its message: those name tables, constraints and file paths.
const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const unexpected = error.code === "INTERNAL_SERVER_ERROR" && error.cause !== undefined && !(error.cause instanceof ApiError);
    // The database being unavailable is temporary: the retryable 503 (with retryAfterFor's header), not a 500.
    const unavailable = unexpected && isDatabaseUnavailable(error.cause);
    return {
      ...shape,
      code: unavailable ? TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE : shape.code,
      message: unavailable ? SERVICE_UNAVAILABLE_MESSAGE : unexpected ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        ...shape.data,
        ...(unavailable ? { code: "SERVICE_UNAVAILABLE" as const, httpStatus: 503 } : {}),
        zodError: error.cause instanceof ZodError ? fieldErrorsFor(error.cause, localeOfRequest(ctx?.headers)) : null,
        // The error catalog's code of an API or engine error (forms key their messages on it).
        apiCode: error.cause instanceof ApiError ? error.cause.code : null,
      },
    };
  },
});

/** Retry-After for a response that carries a database-unavailable error (the formatter made it a 503). */
export function retryAfterFor(errors: TRPCError[]): Record<string, string> {
  const unavailable = errors.some((e) => e.code === "INTERNAL_SERVER_ERROR" && isDatabaseUnavailable(e.cause));
  return unavailable ? { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } : {};
}

export const createTRPCRouter = t.router;

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

/**
 * The one place API and engine errors become tRPC errors: the catalog's status picks the tRPC code,
 * the message is kept, and the ApiError stays the cause (the formatter reads its catalog code).
 */
const apiErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR" && result.error.cause instanceof ApiError) {
    const err = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE_BY_STATUS[err.status] ?? "INTERNAL_SERVER_ERROR", message: err.message, cause: err });
  }
  return result;
});

// 3. Procedures. Every one starts from publicProcedure, so API and engine errors are mapped once and
// every input passes this check before its schema: text PostgreSQL cannot store is a 400 naming the
// field, never a database error.
export const publicProcedure = t.procedure.use(apiErrors).use(async ({ getRawInput, next }) => {
  const found = findUnstorableText(await getRawInput());
  if (found)
    throw new TRPCError({ code: "BAD_REQUEST", message: `Invalid '${found.param ?? "input"}': ${UNSTORABLE_TEXT_MESSAGE}.` });
  return next();
});

/** Signed in; every query below must filter by ctx.user.id (tenant isolation). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Support staff and admins (support console). */
export const staffProcedure = protectedProcedure.use(({ ctx, next }) => {
  const { user } = ctx;
  if (user.role === "user") throw new TRPCError({ code: "FORBIDDEN", message: "Staff only." });
  return next({ ctx: { user: { ...user, role: user.role } } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  const { user } = ctx;
  if (user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Admins only." });
  return next({ ctx: { user: { ...user, role: user.role } } });
});
