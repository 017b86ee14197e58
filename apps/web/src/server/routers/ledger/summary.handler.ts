import { balanceSummary } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";

/** Available balance and the amount on hold for running generations. */
export function summaryHandler({ ctx }: { ctx: AuthedContext }) {
  return balanceSummary(ctx.db, ctx.accountId);
}
