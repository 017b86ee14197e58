// The downloadable documents of an account, resolved with the tenant check in one place.
import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { bankTransferInstructions } from "./invoices";
import { renderInvoicePdf, renderReceiptPdf, renderStatementPdf } from "./pdf";
import { generateStatement } from "./statements";

export type DocumentKind = "invoice" | "receipt" | "statement";

/** The document does not exist yet for this invoice (a receipt before payment) or not for its kind. */
export class DocumentUnavailableError extends ApiError {
  constructor(message: string) {
    super("state_conflict", message);
    this.name = "DocumentUnavailableError";
  }
}

/** The PDF for one of the account's invoices, or null when it is not the account's (never reveal it exists). */
export async function accountDocumentPdf(
  db: Db,
  accountId: string,
  invoiceId: string,
  kind: DocumentKind,
): Promise<{ filename: string; pdf: Buffer } | null> {
  const invoice = await db.invoice.findFirst({
    where: { id: invoiceId, accountId },
    include: { account: { select: { id: true, email: true, name: true } } },
  });
  if (!invoice) return null;
  const customer = { accountId: invoice.account.id, email: invoice.account.email, name: invoice.account.name };
  if (kind === "statement") {
    if (invoice.kind !== "usage_statement" || !invoice.period)
      throw new DocumentUnavailableError("This document is not a usage statement.");
    // Re-read the usage so the PDF is current (the month may still be running).
    const { invoice: fresh, usage } = await generateStatement(db, accountId, invoice.period);
    const pdf = await renderStatementPdf({ ...usage, number: fresh.number, generatedAt: new Date(), customer });
    return { filename: `${fresh.number}.pdf`, pdf };
  }
  if (invoice.kind !== "top_up") throw new DocumentUnavailableError("This document is not a top-up invoice.");
  const base = {
    number: invoice.number,
    createdAt: invoice.createdAt,
    amountMicros: invoice.amountMicros,
    method: invoice.method,
    status: invoice.status,
    customer,
  };
  if (kind === "receipt") {
    if (invoice.status !== "paid" || !invoice.paidAt)
      throw new DocumentUnavailableError("A receipt is issued once the invoice is paid.");
    return { filename: `receipt-${invoice.number}.pdf`, pdf: await renderReceiptPdf({ ...base, paidAt: invoice.paidAt }) };
  }
  const instructions = invoice.method === "bank_transfer" ? bankTransferInstructions(invoice) : null;
  return { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf({ ...base, instructions }) };
}
