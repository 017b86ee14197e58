import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { declineTestBalance, grantTestBalance } from "@vgen/engine/accounts";
import { listPendingTestBalanceRequests } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { DeclineInput, GrantInput } from "./testBalance.schema";

export function pendingRequestsHandler({ ctx }: { ctx: StaffContext }) {
  return listPendingTestBalanceRequests(ctx.db);
}

/** Reuses the engine's grant: credited once (test_credit) and audited in the same transaction. */
export async function grantHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof GrantInput> }) {
  const { request } = await grantTestBalance(ctx.db, {
    requestId: input.requestId,
    actorId: ctx.user.id,
    amountMicros: parseUsd(input.amount),
    response: input.response,
  });
  return { id: request.id, status: request.status };
}

export async function declineHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof DeclineInput> }) {
  const { request } = await declineTestBalance(ctx.db, {
    requestId: input.requestId,
    actorId: ctx.user.id,
    response: input.response,
  });
  return { id: request.id, status: request.status };
}
