import type { z } from "zod";
import { getAccountActivity, getAccountOverview, listAccountGenerations, listAccountLedger } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AccountGenerationsInput, AccountInput, AccountLedgerInput } from "./account.schema";

export async function accountHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountInput> }) {
  const overview = await getAccountOverview(ctx.db, input.accountId);
  const activity = await getAccountActivity(ctx.db, input.accountId);
  return { ...overview, ...activity };
}

export function ledgerHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountLedgerInput> }) {
  return listAccountLedger(ctx.db, input.accountId, { page: input.page, pageSize: input.pageSize });
}

export function generationsHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountGenerationsInput> }) {
  return listAccountGenerations(ctx.db, input.accountId, {
    page: input.page,
    pageSize: input.pageSize,
    status: input.status ?? undefined,
  });
}
