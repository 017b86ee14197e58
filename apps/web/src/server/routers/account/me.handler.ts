import { countActiveApiKeys, getAccount } from "@vgen/engine/accounts";
import { heldMicros } from "@vgen/engine/billing";
import { accountLabel } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";

/**
 * The dashboard shell's summary: the signed-in person (address, staff role, verification) and the
 * organization they act for (balance, keys, retention) with their role in it.
 */
export async function meHandler({ ctx }: { ctx: AuthedContext }) {
  const accountId = ctx.accountId;
  const [person, account, held, keys, testKeys] = await Promise.all([
    getAccount(ctx.db, ctx.user.id),
    getAccount(ctx.db, accountId),
    heldMicros(ctx.db, accountId),
    countActiveApiKeys(ctx.db, accountId, true),
    countActiveApiKeys(ctx.db, accountId, false),
  ]);
  return {
    id: person.id,
    // The session's account is always a person: its address is the sign-in one.
    email: ctx.user.email,
    name: person.name,
    role: person.role,
    emailVerified: person.emailVerifiedAt !== null,
    organizationId: account.id,
    organizationName: accountLabel(account),
    orgRole: ctx.role,
    status: account.status,
    balanceMicros: account.balanceMicros,
    heldMicros: held,
    /** Live keys (test keys move no money and need no verification: counted apart). */
    activeKeys: keys,
    testKeys,
    retentionDays: account.retentionDays,
  };
}
