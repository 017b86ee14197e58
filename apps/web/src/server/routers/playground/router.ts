import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { createHandler } from "./create.handler";
import { PlaygroundCreateInput } from "./create.schema";
import { getHandler } from "./get.handler";
import { GenerationIdInput } from "./get.schema";
import { quoteHandler } from "./quote.handler";
import { PlaygroundQuoteInput } from "./quote.schema";

export const playgroundRouter = createTRPCRouter({
  create: protectedProcedure.input(PlaygroundCreateInput).mutation(createHandler),
  get: protectedProcedure.input(GenerationIdInput).query(getHandler),
  quote: protectedProcedure.input(PlaygroundQuoteInput).mutation(quoteHandler),
});
