import { createTRPCRouter } from "../trpc";
import { accountRouter } from "./account/router";

/** One router per feature folder; each action is `<action>.handler.ts` + `<action>.schema.ts`. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
});

export type AppRouter = typeof appRouter;
