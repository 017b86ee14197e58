import type { z } from "zod";
import { removeConnection, saveConnection } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { SaveConnectionInput } from "./saveConnection.schema";

export async function saveConnectionHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SaveConnectionInput> }) {
  await saveConnection(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, ...input });
  return { ok: true as const };
}

export async function removeConnectionHandler({ ctx }: { ctx: AuthedContext }) {
  await removeConnection(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id });
  return { ok: true as const };
}
