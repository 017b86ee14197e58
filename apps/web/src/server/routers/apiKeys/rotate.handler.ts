import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { ApiKeyNotFoundError, rotateApiKey } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";
import { toTRPCError } from "../playground/create.handler";
import type { RotateKeyInput } from "./rotate.schema";

/** A new key with the same name; the old one is revoked at once. The new key is shown once. */
export async function rotateHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RotateKeyInput> }) {
  try {
    const { key, record } = await rotateApiKey(ctx.db, ctx.user.id, input.id);
    return { key, id: record.id, name: record.name, prefix: record.prefix, createdAt: record.createdAt, replaced: input.id };
  } catch (err) {
    if (err instanceof ApiError) throw toTRPCError(err);
    if (err instanceof ApiKeyNotFoundError) throw new TRPCError({ code: "NOT_FOUND", message: "This key does not exist or is already revoked." });
    throw err;
  }
}
