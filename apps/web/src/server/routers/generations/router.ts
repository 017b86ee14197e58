import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { concatHandler } from "./concat.handler";
import { ConcatInput } from "./concat.schema";
import { getHandler } from "./get.handler";
import { GenerationDetailInput } from "./get.schema";
import { listHandler } from "./list.handler";
import { GenerationListInput } from "./list.schema";

export const generationsRouter = createTRPCRouter({
  list: protectedProcedure.input(GenerationListInput).query(listHandler),
  get: protectedProcedure.input(GenerationDetailInput).query(getHandler),
  concat: protectedProcedure.input(ConcatInput).mutation(concatHandler),
});
