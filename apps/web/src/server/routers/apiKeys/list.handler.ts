import { keyMonthSpendMicros, listApiKeys } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";

/** The signed-in account's keys (never their hashes), live first; a capped live key with its spend this month. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const keys = await listApiKeys(ctx.db, ctx.accountId);
  const now = new Date();
  return Promise.all(
    keys.map(async (k) => ({
      ...k,
      status: k.revokedAt ? ("revoked" as const) : k.expiresAt && k.expiresAt <= now ? ("expired" as const) : ("active" as const),
      spentThisMonthMicros:
        k.monthlySpendCapMicros !== null && !k.revokedAt ? await keyMonthSpendMicros(ctx.db, k.id, now) : null,
    })),
  );
}
