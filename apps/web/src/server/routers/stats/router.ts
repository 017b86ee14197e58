import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { usageHandler } from "./usage.handler";
import { UsageInput } from "./usage.schema";

export const statsRouter = createTRPCRouter({
  usage: protectedProcedure.input(UsageInput).query(usageHandler),
});
