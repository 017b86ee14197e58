import { removeConnection } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";

/** Removes the active organization's OIDC connection. */
export async function removeConnectionHandler({ ctx }: { ctx: AuthedContext }) {
  await removeConnection(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id });
  return { ok: true as const };
}
