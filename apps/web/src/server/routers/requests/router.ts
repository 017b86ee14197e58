import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { getHandler } from "./get.handler";
import { RequestGetInput } from "./get.schema";
import { listHandler } from "./list.handler";
import { RequestListInput } from "./list.schema";

export const requestsRouter = createTRPCRouter({
  list: protectedProcedure.input(RequestListInput).query(listHandler),
  get: protectedProcedure.input(RequestGetInput).query(getHandler),
});
