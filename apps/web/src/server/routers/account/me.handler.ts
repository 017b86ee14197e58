import { countActiveApiKeys, getAccount } from "@vgen/engine/accounts";
import { heldMicros } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";

/** The signed-in account's summary for the dashboard shell. */
export async function meHandler({ ctx }: { ctx: AuthedContext }) {
  const accountId = ctx.user.id;
  const [account, held, keys, testKeys] = await Promise.all([
    getAccount(ctx.db, accountId),
    heldMicros(ctx.db, accountId),
    countActiveApiKeys(ctx.db, accountId, true),
    countActiveApiKeys(ctx.db, accountId, false),
  ]);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    status: account.status,
    emailVerified: account.emailVerifiedAt !== null,
    balanceMicros: account.balanceMicros,
    heldMicros: held,
    /** Live keys (test keys move no money and need no verification: counted apart). */
    activeKeys: keys,
    testKeys,
    retentionDays: account.retentionDays,
  };
}
