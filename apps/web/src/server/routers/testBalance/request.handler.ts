import type { z } from "zod";
import { requestTestBalance } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";
import type { RequestTestBalanceInput } from "./request.schema";

export async function requestHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RequestTestBalanceInput> }) {
  const r = await requestTestBalance(ctx.db, ctx.accountId, input.useCase);
  return { id: r.id, status: r.status };
}
