import { createTRPCRouter } from "../trpc";
import { accountRouter } from "./account/router";
import { alertsRouter } from "./alerts/router";
import { invoicesRouter } from "./invoices/router";
import { testBalanceRouter } from "./testBalance/router";
import { webhooksRouter } from "./webhooks/router";
import { apiKeysRouter } from "./apiKeys/router";
import { catalogRouter } from "./catalog/router";
import { playgroundRouter } from "./playground/router";
import { generationsRouter } from "./generations/router";
import { ledgerRouter } from "./ledger/router";
import { statsRouter } from "./stats/router";
import { requestsRouter } from "./requests/router";
import { overviewRouter } from "./overview/router";
import { subscriptionsRouter } from "./subscriptions/router";
import { securityRouter } from "./security/router";
import { supportRouter } from "./support/router";
import { orgsRouter } from "./orgs/router";
import { projectsRouter } from "./projects/router";
import { ssoRouter } from "./sso/router";

/** One router per feature folder; each action is `<action>.handler.ts` + `<action>.schema.ts`. */
export const appRouter = createTRPCRouter({
  generations: generationsRouter,
  ledger: ledgerRouter,
  alerts: alertsRouter,
  stats: statsRouter,
  requests: requestsRouter,
  overview: overviewRouter,
  subscriptions: subscriptionsRouter,
  account: accountRouter,
  security: securityRouter,
  invoices: invoicesRouter,
  testBalance: testBalanceRouter,
  webhooks: webhooksRouter,
  apiKeys: apiKeysRouter,
  catalog: catalogRouter,
  playground: playgroundRouter,
  support: supportRouter,
  orgs: orgsRouter,
  projects: projectsRouter,
  sso: ssoRouter,
});

export type AppRouter = typeof appRouter;
