import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { summaryHandler } from "./summary.handler";

export const overviewRouter = createTRPCRouter({
  summary: protectedProcedure.query(summaryHandler),
});
