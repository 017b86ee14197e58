import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { generateStatement, statementPeriods } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";
import type { GenerateStatementInput } from "./generateStatement.schema";

type Ctx = TRPCContext & { user: SessionUser };

/** Creates (or refreshes) the signed-in account's usage statement for one month. */
export async function generateStatementHandler({ ctx, input }: { ctx: Ctx; input: z.infer<typeof GenerateStatementInput> }) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { createdAt: true } });
  if (!statementPeriods(account.createdAt).includes(input.period)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "There is no statement for that month." });
  }
  const { invoice, usage } = await generateStatement(ctx.db, ctx.user.id, input.period);
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
