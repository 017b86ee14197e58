import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { createTopUpHandler } from "./createTopUp.handler";
import { CreateTopUpInput } from "./createTopUp.schema";
import { generateStatementHandler } from "./generateStatement.handler";
import { GenerateStatementInput } from "./generateStatement.schema";
import { listHandler } from "./list.handler";

export const invoicesRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
  createTopUp: protectedProcedure.input(CreateTopUpInput).mutation(createTopUpHandler),
  generateStatement: protectedProcedure.input(GenerateStatementInput).mutation(generateStatementHandler),
});
