import type { AuthedContext } from "../../trpc";

/** The signed-in account's summary for the dashboard shell. */
export async function meHandler({ ctx }: { ctx: AuthedContext }) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id } });
  const held = await ctx.db.generation.aggregate({
    where: { accountId: account.id, status: "processing", livemode: true },
    _sum: { costMicros: true },
  });
  const [keys, testKeys] = await Promise.all([
    ctx.db.apiKey.count({ where: { accountId: account.id, revokedAt: null, livemode: true } }),
    ctx.db.apiKey.count({ where: { accountId: account.id, revokedAt: null, livemode: false } }),
  ]);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    status: account.status,
    emailVerified: account.emailVerifiedAt !== null,
    balanceMicros: account.balanceMicros,
    heldMicros: held._sum.costMicros ?? 0n,
    /** Live keys (test keys move no money and need no verification: counted apart). */
    activeKeys: keys,
    testKeys,
    retentionDays: account.retentionDays,
  };
}
