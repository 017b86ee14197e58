import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { listHandler } from "./list.handler";

export const catalogRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
});
