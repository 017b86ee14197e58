import type { z } from "zod";
import { listAccountLedger } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AccountLedgerInput } from "./ledger.schema";

export function ledgerHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountLedgerInput> }) {
  return listAccountLedger(ctx.db, input.accountId, { page: input.page, pageSize: input.pageSize });
}
