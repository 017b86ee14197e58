import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { getAccount } from "@vgen/engine/accounts";
import { generateStatement, statementPeriods } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";
import type { GenerateStatementInput } from "./generateStatement.schema";

/** Creates (or refreshes) the signed-in account's usage statement for one month. */
export async function generateStatementHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof GenerateStatementInput>;
}) {
  const account = await getAccount(ctx.db, ctx.accountId);
  if (!statementPeriods(account.createdAt).includes(input.period)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "There is no statement for that month." });
  }
  const { invoice, usage } = await generateStatement(ctx.db, ctx.accountId, input.period);
  return {
    id: invoice.id,
    number: invoice.number,
    period: usage.period,
    lines: usage.lines,
    totalGenerations: usage.totalGenerations,
    totalBilledSeconds: usage.totalBilledSeconds,
    totalSpendMicros: usage.totalSpendMicros,
  };
}
