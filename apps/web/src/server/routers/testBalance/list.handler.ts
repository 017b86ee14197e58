import { getAccount, listTestBalanceRequests } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";

/** The signed-in account's test balance requests, newest first, and its balance. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const [requests, account] = await Promise.all([
    listTestBalanceRequests(ctx.db, ctx.accountId),
    getAccount(ctx.db, ctx.accountId),
  ]);
  return {
    balanceMicros: account.balanceMicros,
    requests: requests.map((r) => ({
      id: r.id,
      useCase: r.useCase,
      status: r.status,
      grantedMicros: r.grantedMicros,
      response: r.response,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
    })),
  };
}
