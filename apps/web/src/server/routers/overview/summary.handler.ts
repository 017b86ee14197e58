import { countActiveApiKeys } from "@vgen/engine/accounts";
import { balanceSummary, periodBounds, periodOf, usageBetween } from "@vgen/engine/billing";
import { listGenerations } from "@vgen/engine/generations";
import { listRequestLogs } from "@vgen/engine/observability";
import type { AuthedContext } from "../../trpc";

const RECENT = 5;

/** The month before a YYYY-MM period. */
function previousPeriod(period: string): string {
  const { from } = periodBounds(period);
  return periodOf(new Date(from.getTime() - 1));
}

/**
 * The dashboard home of the signed-in account: balance, this month's spend and seconds (per day)
 * against last month's, its newest generations and refused requests, and whether it has a key.
 */
export async function summaryHandler({ ctx }: { ctx: AuthedContext }) {
  const accountId = ctx.accountId;
  const month = periodOf(new Date());
  const previous = previousPeriod(month);
  const [balance, thisMonth, lastMonth, generations, errors, activeKeys] = await Promise.all([
    balanceSummary(ctx.db, accountId),
    usageBetween(ctx.db, { accountId, ...periodBounds(month) }),
    usageBetween(ctx.db, { accountId, ...periodBounds(previous) }),
    // The home page's figures are live ones (test mode shows on the lists it switches).
    listGenerations(ctx.db, accountId, RECENT, null, true),
    listRequestLogs(ctx.db, accountId, { filter: { errorsOnly: true }, limit: RECENT }),
    countActiveApiKeys(ctx.db, accountId),
  ]);
  const totals = (period: string, s: typeof thisMonth) => ({
    period,
    spendMicros: s.totals.spendMicros,
    billedSeconds: s.totals.billedSeconds,
    generations: s.totals.accepted,
  });
  return {
    balance,
    thisMonth: totals(month, thisMonth),
    lastMonth: totals(previous, lastMonth),
    days: thisMonth.days.map((d) => ({ day: d.day, spendMicros: d.spendMicros, billedSeconds: d.billedSeconds })),
    recentGenerations: generations.data.map((g) => ({
      id: g.id,
      modelId: g.modelId,
      status: g.status,
      prompt: g.prompt,
      apiKeyId: g.apiKeyId,
      createdAt: g.createdAt,
    })),
    recentErrors: errors.data,
    activeKeys,
  };
}
