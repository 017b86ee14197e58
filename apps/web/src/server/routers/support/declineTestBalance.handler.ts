import type { z } from "zod";
import { declineTestBalance } from "@vgen/engine/accounts";
import type { StaffContext } from "../../trpc";
import type { DeclineInput } from "./declineTestBalance.schema";

export async function declineTestBalanceHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof DeclineInput> }) {
  const { request } = await declineTestBalance(ctx.db, {
    requestId: input.requestId,
    actorId: ctx.user.id,
    response: input.response,
  });
  return { id: request.id, status: request.status };
}
