import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { grantTestBalance } from "@vgen/engine/accounts";
import type { StaffContext } from "../../trpc";
import type { GrantInput } from "./grantTestBalance.schema";

/** Reuses the engine's grant: credited once (test_credit) and audited in the same transaction. */
export async function grantTestBalanceHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof GrantInput> }) {
  const { request } = await grantTestBalance(ctx.db, {
    requestId: input.requestId,
    actorId: ctx.user.id,
    amountMicros: parseUsd(input.amount),
    response: input.response,
  });
  return { id: request.id, status: request.status };
}
