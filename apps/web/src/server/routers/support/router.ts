import { adminProcedure, createTRPCRouter, staffProcedure } from "../../trpc";
import { accountHandler, generationsHandler, ledgerHandler } from "./account.handler";
import { AccountGenerationsInput, AccountInput, AccountLedgerInput } from "./account.schema";
import { accountLinkHandler } from "./accountLink.handler";
import { AccountLinkInput } from "./accountLink.schema";
import { adjustHandler } from "./adjust.handler";
import { AdjustInput } from "./adjust.schema";
import { auditLogHandler } from "./auditLog.handler";
import { AuditLogInput } from "./auditLog.schema";
import { catalogHandler, updateCatalogHandler } from "./catalog.handler";
import { UpdateCatalogInput } from "./catalog.schema";
import { markInvoicePaidHandler } from "./markInvoicePaid.handler";
import { MarkInvoicePaidInput } from "./markInvoicePaid.schema";
import { outboxHandler, outboxMessageHandler } from "./outbox.handler";
import { OutboxInput, OutboxMessageInput } from "./outbox.schema";
import { refundHandler } from "./refund.handler";
import { RefundInput } from "./refund.schema";
import { revokeKeyHandler } from "./revokeKey.handler";
import {
  addRouteHandler,
  removeRouteHandler,
  reorderRoutesHandler,
  resetRouteBreakerHandler,
  routeStatsHandler,
  routesHandler,
  updateRouteHandler,
} from "./routes.handler";
import { AddRouteInput, ReorderRoutesInput, RouteActionInput, RouteStatsInput, UpdateRouteInput } from "./routes.schema";
import { RevokeKeyInput } from "./revokeKey.schema";
import { searchHandler } from "./search.handler";
import { SearchInput } from "./search.schema";
import { setStatusHandler } from "./setStatus.handler";
import { SetAccountStatusInput } from "./setStatus.schema";
import { declineHandler, grantHandler, pendingRequestsHandler } from "./testBalance.handler";
import { DeclineInput, GrantInput } from "./testBalance.schema";

/** Support console: staff only; catalog and provider route edits admins only. Every mutation is audited by the engine. */
export const supportRouter = createTRPCRouter({
  search: staffProcedure.input(SearchInput).query(searchHandler),
  account: staffProcedure.input(AccountInput).query(accountHandler),
  ledger: staffProcedure.input(AccountLedgerInput).query(ledgerHandler),
  generations: staffProcedure.input(AccountGenerationsInput).query(generationsHandler),
  pendingTestBalance: staffProcedure.query(pendingRequestsHandler),
  grantTestBalance: staffProcedure.input(GrantInput).mutation(grantHandler),
  declineTestBalance: staffProcedure.input(DeclineInput).mutation(declineHandler),
  markInvoicePaid: staffProcedure.input(MarkInvoicePaidInput).mutation(markInvoicePaidHandler),
  refund: staffProcedure.input(RefundInput).mutation(refundHandler),
  adjust: staffProcedure.input(AdjustInput).mutation(adjustHandler),
  setStatus: staffProcedure.input(SetAccountStatusInput).mutation(setStatusHandler),
  revokeKey: staffProcedure.input(RevokeKeyInput).mutation(revokeKeyHandler),
  accountLink: staffProcedure.input(AccountLinkInput).mutation(accountLinkHandler),
  auditLog: staffProcedure.input(AuditLogInput).query(auditLogHandler),
  outbox: staffProcedure.input(OutboxInput).query(outboxHandler),
  outboxMessage: staffProcedure.input(OutboxMessageInput).query(outboxMessageHandler),
  catalog: staffProcedure.query(catalogHandler),
  updateCatalog: adminProcedure.input(UpdateCatalogInput).mutation(updateCatalogHandler),
  routes: staffProcedure.query(routesHandler),
  routeStats: staffProcedure.input(RouteStatsInput).query(routeStatsHandler),
  addRoute: adminProcedure.input(AddRouteInput).mutation(addRouteHandler),
  updateRoute: adminProcedure.input(UpdateRouteInput).mutation(updateRouteHandler),
  reorderRoutes: adminProcedure.input(ReorderRoutesInput).mutation(reorderRoutesHandler),
  removeRoute: adminProcedure.input(RouteActionInput).mutation(removeRouteHandler),
  resetRouteBreaker: adminProcedure.input(RouteActionInput).mutation(resetRouteBreakerHandler),
});
