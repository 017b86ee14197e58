import { balanceSummary } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";

/** Available balance and the amount on hold for running generations. */
export function summaryHandler({ ctx }: { ctx: TRPCContext & { user: SessionUser } }) {
  return balanceSummary(ctx.db, ctx.user.id);
}
