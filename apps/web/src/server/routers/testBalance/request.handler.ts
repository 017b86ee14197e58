import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { requestTestBalance, TestBalanceError } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import type { RequestTestBalanceInput } from "./request.schema";

export async function requestHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RequestTestBalanceInput> }) {
  try {
    const r = await requestTestBalance(ctx.db, ctx.user.id, input.useCase);
    return { id: r.id, status: r.status };
  } catch (err) {
    if (err instanceof TestBalanceError) {
      throw new TRPCError({ code: err.code === "request_pending" ? "CONFLICT" : "BAD_REQUEST", message: err.message });
    }
    throw err;
  }
}
