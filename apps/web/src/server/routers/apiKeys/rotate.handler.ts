import type { z } from "zod";
import { rotateApiKey } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import { parseKeyExpiry } from "@vgen/contracts";
import type { RotateKeyInput } from "./rotate.schema";

/**
 * A new key with the same name and restrictions; the old one is revoked at once. The new key is
 * shown once. An expired key needs a new expiry (or none), so its successor is not born expired.
 */
export async function rotateHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RotateKeyInput> }) {
  const actor = memberActor(ctx);
  const options = input.expiresAt === undefined ? { actor } : { expiresAt: parseKeyExpiry(input.expiresAt), actor };
  const { key, record } = await rotateApiKey(ctx.db, ctx.accountId, input.id, options);
  return { key, id: record.id, name: record.name, prefix: record.prefix, createdAt: record.createdAt, replaced: input.id };
}
