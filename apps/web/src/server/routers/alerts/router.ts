import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { getHandler } from "./get.handler";
import { setHandler } from "./set.handler";
import { SetAlertsInput } from "./set.schema";

export const alertsRouter = createTRPCRouter({
  get: protectedProcedure.query(getHandler),
  set: protectedProcedure.input(SetAlertsInput).mutation(setHandler),
});
