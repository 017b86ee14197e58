/** Public surface of the engine's support domain. The staff console's work: account search and review, refunds, adjustments, catalog and provider route edits, route statistics, the audit log, the mail outbox. */
export {
  getAccountActivity,
  getAccountOverview,
  listAccountGenerations,
  listAccountLedger,
  listPendingTestBalanceRequests,
  searchAccounts,
} from "./accounts";
export { issueAccountLinkAsStaff } from "./account-links";
export { getGenerationForStaff } from "./generation-detail";
export { getAccountOrganization } from "./organization";
export { setAccountStatus } from "./account-status";
export { adjustBalance } from "./adjustments";
export { listAuditLog } from "./audit-log";
export { listCatalogForStaff, updateCatalogModel } from "./catalog";
export { revokeKeyAsStaff } from "./key-revocation";
export { listOutboundEmails, readOutboundEmailAsStaff } from "./outbox";
export { refundGeneration } from "./refunds";
export { resetRouteBreaker } from "./route-breaker-reset";
export { addRoute } from "./route-creation";
export { listRoutesForStaff } from "./route-list";
export type { StaffRoute } from "./route-list";
export { reorderRoutes } from "./route-order";
export { removeRoute } from "./route-removal";
export { ATTEMPT_OUTCOMES, DEFAULT_STATS_DAYS, routeStats } from "./route-stats";
export type { AttemptOutcome, ModelStatsRow, RouteFigures, RouteStats, RouteStatsRow } from "./route-stats";
export { updateRoute } from "./route-update";
export { SupportError } from "./staff-action";
export { resetTwoFactorAsStaff } from "./two-factor-reset";
