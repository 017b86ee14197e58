/**
 * tRPC in three parts (create-t3-app style): 1. context, 2. initialization, 3. procedures.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ApiError, type Id, findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "@vgen/contracts";
import { getDb, type OrgRole } from "@vgen/db";
import { activeMembership } from "@vgen/engine/orgs";
import { getSessionUser, type SessionUser } from "./auth/session";
import { localeOfRequest } from "../i18n/locales";
import { formatTrpcError, trpcErrorOf } from "./errors/trpc";
import { accessOf, roleAllows } from "./permissions";

// 1. Context: the database and who is signed in.
export async function createTRPCContext(opts: { headers: Headers }) {
  return { db: getDb(), user: await getSessionUser(), headers: opts.headers };
}
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;
/**
 * The context of protectedProcedure and the procedures built on it: someone is signed in (`user`, the
 * person) and acts for an organization (`accountId`, the tenant every query filters by) as `role`.
 */
export type AuthedContext = TRPCContext & { user: SessionUser; accountId: Id<"acct">; role: OrgRole };
/** The context of staffProcedure and adminProcedure: the signed-in user is support or admin. */
export type StaffContext = TRPCContext & { user: SessionUser & { role: "support" | "admin" } };

// 2. Initialization: superjson for BigInt/Date; errors shaped by the one error module (errors/trpc.ts).
const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error, ctx }) => formatTrpcError(shape, error, localeOfRequest(ctx?.headers)),
});

export const createTRPCRouter = t.router;

/**
 * The one place API and engine errors become tRPC errors: the catalog's status picks the tRPC code,
 * the message is kept, and the ApiError stays the cause (the formatter reads its catalog code).
 */
const apiErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR" && result.error.cause instanceof ApiError) {
    throw trpcErrorOf(result.error.cause);
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

/**
 * Signed in, and allowed by the permission table (permissions.ts) for the member's role in the
 * session's organization; every query below must filter by ctx.accountId (tenant isolation), or by
 * ctx.user.id for what concerns the person's own login.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, path, next }) => {
  if (!ctx.user) throw trpcErrorOf(new ApiError("not_signed_in", "Sign in to continue."));
  const access = accessOf(path);
  if (!access) throw new TRPCError({ code: "FORBIDDEN", message: `${path} has no entry in the permission table.` });
  const { accountId, role } = await activeMembership(ctx.db, ctx.user.sessionId, ctx.user.id);
  if (access !== "staff" && !roleAllows(access, role))
    throw trpcErrorOf(new ApiError("role_not_allowed", `Your role in this organization (${role}) does not allow this.`));
  return next({ ctx: { ...ctx, user: ctx.user, accountId, role } });
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
