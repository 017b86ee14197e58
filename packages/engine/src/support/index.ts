/** Public surface of the engine's support domain. The staff console's work: account search and review, refunds, adjustments, catalog edits, the audit log. */
export {
  getAccountActivity,
  getAccountOverview,
  listAccountGenerations,
  listAccountLedger,
  listPendingTestBalanceRequests,
  searchAccounts,
} from "./accounts";
export { issueAccountLinkAsStaff } from "./account-links";
export { setAccountStatus } from "./account-status";
export { adjustBalance } from "./adjustments";
export { listAuditLog } from "./audit-log";
export { listCatalogForStaff, updateCatalogModel } from "./catalog";
export { revokeKeyAsStaff } from "./key-revocation";
export { refundGeneration } from "./refunds";
export { SupportError } from "./staff-action";
