import { listApiKeys } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";

/** The signed-in account's keys (never their hashes), live first. */
export async function listHandler({ ctx }: { ctx: TRPCContext & { user: SessionUser } }) {
  const keys = await listApiKeys(ctx.db, ctx.user.id);
  return keys.map((k) => ({ ...k, status: k.revokedAt ? ("revoked" as const) : ("active" as const) }));
}
