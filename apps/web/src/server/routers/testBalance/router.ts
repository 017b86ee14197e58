import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { listHandler } from "./list.handler";
import { requestHandler } from "./request.handler";
import { RequestTestBalanceInput } from "./request.schema";

export const testBalanceRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
  request: protectedProcedure.input(RequestTestBalanceInput).mutation(requestHandler),
});
