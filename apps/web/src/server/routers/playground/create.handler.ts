import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { acceptGeneration } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import type { PlaygroundCreateInput } from "./create.schema";

const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** An API error as a tRPC error with the catalog's message (the API code stays in `cause`). */
export function toTRPCError(err: ApiError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_BY_STATUS[err.status] ?? "INTERNAL_SERVER_ERROR", message: err.message, cause: err });
}

/** A generation for the signed-in account, validated, limited and billed exactly like the API. */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof PlaygroundCreateInput> }) {
  try {
    const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""));
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { id: true, status: true } });
    const { record } = await acceptGeneration(ctx.db, { account, apiKeyId: null, body: { ...clean, stream: false } });
    return record;
  } catch (err) {
    if (err instanceof ApiError) throw toTRPCError(err);
    throw err;
  }
}
