/**
 * tRPC in three parts (create-t3-app style): 1. context, 2. initialization, 3. procedures.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { getDb } from "@vgen/db";
import { getSessionUser } from "./auth/session";

// 1. Context: the database and who is signed in.
export async function createTRPCContext(opts: { headers: Headers }) {
  return { db: getDb(), user: await getSessionUser(), headers: opts.headers };
}
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

// 2. Initialization: superjson for BigInt/Date; zod errors flattened for forms.
const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      data: { ...shape.data, zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures.
export const publicProcedure = t.procedure;

/** Signed in; every query below must filter by ctx.user.id (tenant isolation). */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Support staff and admins (support console). */
export const staffProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role === "user") throw new TRPCError({ code: "FORBIDDEN", message: "Staff only." });
  return next();
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Admins only." });
  return next();
});
