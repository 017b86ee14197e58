import type { z } from "zod";
import { rotateApiKey } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";
import type { RotateKeyInput } from "./rotate.schema";

/** A new key with the same name; the old one is revoked at once. The new key is shown once. */
export async function rotateHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RotateKeyInput> }) {
  const { key, record } = await rotateApiKey(ctx.db, ctx.user.id, input.id);
  return { key, id: record.id, name: record.name, prefix: record.prefix, createdAt: record.createdAt, replaced: input.id };
}
