import { listApiKeys } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";

/** The signed-in account's keys (never their hashes), live first. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const keys = await listApiKeys(ctx.db, ctx.user.id);
  return keys.map((k) => ({ ...k, status: k.revokedAt ? ("revoked" as const) : ("active" as const) }));
}
