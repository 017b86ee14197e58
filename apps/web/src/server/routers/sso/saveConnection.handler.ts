import type { z } from "zod";
import { saveConnection } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { SaveConnectionInput } from "./saveConnection.schema";

/** Creates or replaces the active organization's OIDC connection (an empty secret keeps the stored one). */
export async function saveConnectionHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SaveConnectionInput> }) {
  await saveConnection(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, ...input });
  return { ok: true as const };
}
