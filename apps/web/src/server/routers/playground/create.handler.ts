import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { z } from "zod";
import { ApiError, parseCreateGeneration } from "@vgen/contracts";
import { assertRequestUrlsAllowed, consumeRateLimit, createGeneration, findEnabledModel, recordOf } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";
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
export async function createHandler({ ctx, input }: { ctx: TRPCContext & { user: SessionUser }; input: z.infer<typeof PlaygroundCreateInput> }) {
  try {
    const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""));
    const body = parseCreateGeneration({ ...clean, stream: false });
    const model = await findEnabledModel(ctx.db, body.model);
    await assertRequestUrlsAllowed(body);
    const limit = await consumeRateLimit(`acct:${ctx.user.id}:model:${model.id}`, model.rateLimitQps);
    if (!limit.allowed) {
      throw new ApiError("rate_limited", `Rate limit of ${limit.limit} requests per second reached for ${model.id} on this account. Retry after ${limit.resetSeconds} s.`);
    }
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id } });
    const generation = await createGeneration(ctx.db, { account, apiKeyId: null, body, model });
    return recordOf(ctx.db, generation);
  } catch (err) {
    if (err instanceof ApiError) throw toTRPCError(err);
    throw err;
  }
}
