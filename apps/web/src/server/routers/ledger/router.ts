import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { listHandler } from "./list.handler";
import { LedgerListInput } from "./list.schema";
import { summaryHandler } from "./summary.handler";

export const ledgerRouter = createTRPCRouter({
  summary: protectedProcedure.query(summaryHandler),
  list: protectedProcedure.input(LedgerListInput).query(listHandler),
});
