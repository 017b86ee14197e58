import { listPendingTestBalanceRequests } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";

export function pendingTestBalanceHandler({ ctx }: { ctx: StaffContext }) {
  return listPendingTestBalanceRequests(ctx.db);
}
