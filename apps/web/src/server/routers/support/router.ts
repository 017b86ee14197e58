import { adminProcedure, createTRPCRouter, staffProcedure } from "../../trpc";
import { accountHandler } from "./account.handler";
import { AccountInput } from "./account.schema";
import { accountLinkHandler } from "./accountLink.handler";
import { AccountLinkInput } from "./accountLink.schema";
import { addRouteHandler } from "./addRoute.handler";
import { AddRouteInput } from "./addRoute.schema";
import { adjustHandler } from "./adjust.handler";
import { AdjustInput } from "./adjust.schema";
import { auditLogHandler } from "./auditLog.handler";
import { AuditLogInput } from "./auditLog.schema";
import { catalogHandler } from "./catalog.handler";
import { declineTestBalanceHandler } from "./declineTestBalance.handler";
import { DeclineInput } from "./declineTestBalance.schema";
import { generationHandler } from "./generation.handler";
import { StaffGenerationInput } from "./generation.schema";
import { generationsHandler } from "./generations.handler";
import { AccountGenerationsInput } from "./generations.schema";
import { grantTestBalanceHandler } from "./grantTestBalance.handler";
import { GrantInput } from "./grantTestBalance.schema";
import { ledgerHandler } from "./ledger.handler";
import { AccountLedgerInput } from "./ledger.schema";
import { markInvoicePaidHandler } from "./markInvoicePaid.handler";
import { MarkInvoicePaidInput } from "./markInvoicePaid.schema";
import { outboxHandler } from "./outbox.handler";
import { OutboxInput } from "./outbox.schema";
import { outboxMessageHandler } from "./outboxMessage.handler";
import { OutboxMessageInput } from "./outboxMessage.schema";
import { pendingTestBalanceHandler } from "./pendingTestBalance.handler";
import { refundHandler } from "./refund.handler";
import { RefundInput } from "./refund.schema";
import { removeRouteHandler } from "./removeRoute.handler";
import { RemoveRouteInput } from "./removeRoute.schema";
import { reorderRoutesHandler } from "./reorderRoutes.handler";
import { ReorderRoutesInput } from "./reorderRoutes.schema";
import { resetRouteBreakerHandler } from "./resetRouteBreaker.handler";
import { ResetRouteBreakerInput } from "./resetRouteBreaker.schema";
import { resetTwoFactorHandler } from "./resetTwoFactor.handler";
import { ResetTwoFactorInput } from "./resetTwoFactor.schema";
import { revokeKeyHandler } from "./revokeKey.handler";
import { RevokeKeyInput } from "./revokeKey.schema";
import { routeStatsHandler } from "./routeStats.handler";
import { RouteStatsInput } from "./routeStats.schema";
import { routesHandler } from "./routes.handler";
import { searchHandler } from "./search.handler";
import { SearchInput } from "./search.schema";
import { setStatusHandler } from "./setStatus.handler";
import { SetAccountStatusInput } from "./setStatus.schema";
import { updateCatalogHandler } from "./updateCatalog.handler";
import { UpdateCatalogInput } from "./updateCatalog.schema";
import { updateRouteHandler } from "./updateRoute.handler";
import { UpdateRouteInput } from "./updateRoute.schema";

/** Support console: staff only; catalog and provider route edits admins only. Every mutation is audited by the engine. */
export const supportRouter = createTRPCRouter({
  search: staffProcedure.input(SearchInput).query(searchHandler),
  account: staffProcedure.input(AccountInput).query(accountHandler),
  ledger: staffProcedure.input(AccountLedgerInput).query(ledgerHandler),
  generations: staffProcedure.input(AccountGenerationsInput).query(generationsHandler),
  generation: staffProcedure.input(StaffGenerationInput).query(generationHandler),
  pendingTestBalance: staffProcedure.query(pendingTestBalanceHandler),
  grantTestBalance: staffProcedure.input(GrantInput).mutation(grantTestBalanceHandler),
  declineTestBalance: staffProcedure.input(DeclineInput).mutation(declineTestBalanceHandler),
  markInvoicePaid: staffProcedure.input(MarkInvoicePaidInput).mutation(markInvoicePaidHandler),
  refund: staffProcedure.input(RefundInput).mutation(refundHandler),
  adjust: staffProcedure.input(AdjustInput).mutation(adjustHandler),
  setStatus: staffProcedure.input(SetAccountStatusInput).mutation(setStatusHandler),
  resetTwoFactor: staffProcedure.input(ResetTwoFactorInput).mutation(resetTwoFactorHandler),
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
  removeRoute: adminProcedure.input(RemoveRouteInput).mutation(removeRouteHandler),
  resetRouteBreaker: adminProcedure.input(ResetRouteBreakerInput).mutation(resetRouteBreakerHandler),
});
