/** Public surface of the engine's billing domain. Money: pricing, the ledger and its listings, usage statistics, invoices, statements and their PDFs. */
export { DocumentUnavailableError, accountDocumentPdf } from "./documents";
export type { DocumentKind } from "./documents";
export {
  InvoiceError,
  attachStripeSession,
  bankDetailsConfigured,
  bankTransferInstructions,
  createTopUpInvoice,
  listInvoices,
  markInvoicePaid,
  microsToCents,
} from "./invoices";
export {
  LEDGER_CSV_HEADER,
  LEDGER_TYPES,
  balanceSummary,
  heldMicros,
  iterateLedgerEntries,
  ledgerCsvLine,
  ledgerFilterFromDays,
  listLedgerEntries,
} from "./ledger-entries";
export { listLedgerLines } from "./ledger-lines";
export type { GenerationOutcome, LedgerLine } from "./ledger-lines";
export { applyLedgerEntry, creditAccount } from "./ledger";
export { generateStatement, periodBounds, periodOf, statementPeriods } from "./statements";
export { usageBetween, usageStats } from "./usage-stats";
export type { UsageRow } from "./usage-stats";
export { deliveredBilledSeconds } from "./pricing";
