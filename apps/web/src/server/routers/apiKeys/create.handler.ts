import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { issueNamedApiKey, TooManyApiKeysError } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import { toTRPCError } from "../playground/create.handler";
import type { CreateKeyInput } from "./create.schema";

/** Issues a key; the full key is in this response only (the database keeps its hash). */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateKeyInput> }) {
  try {
    const { key, record } = await issueNamedApiKey(ctx.db, ctx.user.id, input.name);
    return { key, id: record.id, name: record.name, prefix: record.prefix, createdAt: record.createdAt };
  } catch (err) {
    if (err instanceof ApiError) throw toTRPCError(err);
    if (err instanceof TooManyApiKeysError) throw new TRPCError({ code: "CONFLICT", message: err.message });
    throw err;
  }
}
