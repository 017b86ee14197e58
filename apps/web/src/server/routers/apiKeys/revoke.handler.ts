import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { ApiKeyNotFoundError, revokeApiKey } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import type { KeyIdInput } from "./revoke.schema";

export async function revokeHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof KeyIdInput> }) {
  try {
    await revokeApiKey(ctx.db, ctx.user.id, input.id);
    return { id: input.id, revoked: true };
  } catch (err) {
    if (err instanceof ApiKeyNotFoundError) throw new TRPCError({ code: "NOT_FOUND", message: "This key does not exist or is already revoked." });
    throw err;
  }
}
