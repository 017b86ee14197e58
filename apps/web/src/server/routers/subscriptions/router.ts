import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { listHandler } from "./list.handler";
import { setCapHandler } from "./setCap.handler";
import { SetCapInput } from "./setCap.schema";
import { setStatusHandler } from "./setStatus.handler";
import { SetStatusInput } from "./setStatus.schema";
import { subscribeHandler } from "./subscribe.handler";
import { SubscribeInput } from "./subscribe.schema";

export const subscriptionsRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
  subscribe: protectedProcedure.input(SubscribeInput).mutation(subscribeHandler),
  setStatus: protectedProcedure.input(SetStatusInput).mutation(setStatusHandler),
  setCap: protectedProcedure.input(SetCapInput).mutation(setCapHandler),
});
