// PDF documents (invoice, receipt, usage statement) with pdfkit's bundled standard fonts.
// Plain functions: data in, PDF bytes out.
import PDFDocument from "pdfkit";
import { formatAmount } from "@vgen/contracts";
import { env } from "@vgen/config";

interface Party {
  accountId: string;
  /** Null for an organization: it is billed by its name. */
  email: string | null;
  name?: string | null;
}

interface Issuer {
  name: string;
  address: string;
  email: string;
  website: string;
}

function issuer(): Issuer {
  return {
    name: env().BILLING_ISSUER_NAME,
    address: env().BILLING_ISSUER_ADDRESS,
    email: env().BILLING_ISSUER_EMAIL,
    website: env().PUBLIC_BASE_URL,
  };
}

export interface InvoicePdfInput {
  number: string;
  createdAt: Date;
  amountMicros: bigint;
  method: "stripe" | "bank_transfer" | string | null;
  status: string;
  customer: Party;
  /** Bank-transfer instructions, printed on open bank-transfer invoices. */
  instructions?: { beneficiary: string; bank: string; iban: string; swift: string; reference: string } | null;
}

export interface ReceiptPdfInput extends InvoicePdfInput {
  paidAt: Date;
}

export interface StatementPdfInput {
  number: string;
  period: string;
  from: Date;
  to: Date;
  generatedAt: Date;
  customer: Party;
  lines: { model: string; generations: number; billedSeconds: number; spendMicros: bigint }[];
  totalGenerations: number;
  totalBilledSeconds: number;
  totalSpendMicros: bigint;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const METHOD_LABEL: Record<string, string> = { stripe: "Card (Stripe Checkout)", bank_transfer: "Bank transfer" };

function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title, Author: issuer().name, Creator: "vgen" } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

function header(doc: PDFKit.PDFDocument, title: string, number: string) {
  const is = issuer();
  doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f172a").text(is.name, 56, 56);
  doc.font("Helvetica").fontSize(9).fillColor("#475569");
  // Unset issuer details are left out rather than invented.
  for (const line of [is.address, is.email, is.website]) if (line) doc.text(line);
  doc.font("Helvetica-Bold").fontSize(18).fillColor("#0f172a").text(title, 300, 56, { width: 239, align: "right" });
  doc.font("Helvetica").fontSize(10).fillColor("#334155").text(number, 300, 82, { width: 239, align: "right" });
  doc.moveTo(56, 130).lineTo(539, 130).strokeColor("#e2e8f0").stroke();
  doc.x = 56;
  doc.y = 146;
}

function pairs(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor("#64748b").text(k, 56, y, { width: 140 });
    doc.font("Helvetica").fontSize(10).fillColor("#0f172a").text(v, 200, y, { width: 339 });
    doc.moveDown(0.35);
  }
  doc.x = 56;
}

function billTo(doc: PDFKit.PDFDocument, customer: Party) {
  doc.font("Helvetica-Bold").fontSize(10).fillColor("#0f172a").text("Bill to", 56, doc.y);
  doc.font("Helvetica").fontSize(10).fillColor("#334155");
  if (customer.name) doc.text(customer.name);
  if (customer.email) doc.text(customer.email);
  doc.text(`Account ${customer.accountId}`);
  doc.moveDown();
}

function table(
  doc: PDFKit.PDFDocument,
  columns: { label: string; width: number; align?: "left" | "right" }[],
  rows: string[][],
  boldLast = false,
) {
  const draw = (cells: string[], bold: boolean, shade?: string) => {
    const y = doc.y;
    if (shade) doc.rect(56, y - 4, 483, 20).fill(shade);
    let x = 56;
    columns.forEach((col, i) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor("#0f172a")
        .text(cells[i] ?? "", x + 4, y, { width: col.width - 8, align: col.align ?? "left" });
      x += col.width;
    });
    doc.y = y + 20;
  };
  draw(
    columns.map((c) => c.label),
    true,
    "#f1f5f9",
  );
  for (const [i, r] of rows.entries()) draw(r, boldLast && i === rows.length - 1);
  doc.x = 56;
  doc.moveDown();
}

function footer(doc: PDFKit.PDFDocument, text: string) {
  doc.font("Helvetica").fontSize(8).fillColor("#94a3b8").text(text, 56, 770, { width: 483, align: "center" });
}

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return render(`Invoice ${input.number}`, (doc) => {
    header(doc, "INVOICE", input.number);
    billTo(doc, input.customer);
    pairs(doc, [
      ["Invoice number", input.number],
      ["Issued", day(input.createdAt)],
      ["Payment method", METHOD_LABEL[input.method ?? ""] ?? input.method ?? "-"],
      ["Status", input.status === "paid" ? "Paid" : input.status === "void" ? "Void" : "Due on receipt"],
    ]);
    doc.moveDown();
    const amount = formatAmount(input.amountMicros);
    table(
      doc,
      [
        { label: "Description", width: 363 },
        { label: "Amount (USD)", width: 120, align: "right" },
      ],
      [
        ["Prepaid balance top-up (video generation API)", amount],
        ["Total due", amount],
      ],
      true,
    );
    if (input.instructions && input.status === "open") {
      doc.font("Helvetica-Bold").fontSize(11).fillColor("#0f172a").text("How to pay by bank transfer");
      doc.moveDown(0.4);
      pairs(doc, [
        ["Beneficiary", input.instructions.beneficiary],
        ["Bank", input.instructions.bank],
        ["IBAN / account", input.instructions.iban],
        ["SWIFT / BIC", input.instructions.swift],
        ["Amount", `${amount} USD`],
        ["Payment reference", input.instructions.reference],
      ]);
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor("#475569")
        .text(
          `Put the reference ${input.instructions.reference} on the transfer so we can match it. Your balance is credited when the transfer arrives.`,
        );
    }
    footer(doc, `${issuer().name} · Invoice ${input.number}`);
  });
}

export function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  return render(`Receipt for ${input.number}`, (doc) => {
    header(doc, "RECEIPT", input.number);
    billTo(doc, input.customer);
    const amount = formatAmount(input.amountMicros);
    pairs(doc, [
      ["Invoice number", input.number],
      ["Amount paid", `${amount} USD`],
      ["Paid on", day(input.paidAt)],
      ["Payment method", METHOD_LABEL[input.method ?? ""] ?? input.method ?? "-"],
    ]);
    doc.moveDown();
    table(
      doc,
      [
        { label: "Description", width: 363 },
        { label: "Amount (USD)", width: 120, align: "right" },
      ],
      [
        ["Prepaid balance top-up (video generation API)", amount],
        ["Total paid", amount],
      ],
      true,
    );
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#475569")
      .text(
        `${amount} was credited to the prepaid balance of ${input.customer.email ?? input.customer.name ?? input.customer.accountId}. Thank you.`,
      );
    footer(doc, `${issuer().name} · Receipt for invoice ${input.number}`);
  });
}

export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  return render(`Usage statement ${input.period}`, (doc) => {
    header(doc, "USAGE STATEMENT", input.number);
    billTo(doc, input.customer);
    const last = new Date(input.to.getTime() - 86_400_000);
    pairs(doc, [
      ["Statement number", input.number],
      ["Period", `${input.period} (${day(input.from)} to ${day(last)}, UTC)`],
      ["Generated", input.generatedAt.toISOString().replace(/\.\d{3}Z$/, "Z")],
    ]);
    doc.moveDown();
    const rows = input.lines.map((l) => [l.model, String(l.generations), `${l.billedSeconds} s`, formatAmount(l.spendMicros)]);
    if (rows.length === 0) rows.push(["No usage in this period", "0", "0 s", formatAmount(0n)]);
    rows.push(["Total", String(input.totalGenerations), `${input.totalBilledSeconds} s`, formatAmount(input.totalSpendMicros)]);
    table(
      doc,
      [
        { label: "Model", width: 183 },
        { label: "Generations", width: 100, align: "right" },
        { label: "Billed seconds", width: 100, align: "right" },
        { label: "Spend (USD)", width: 100, align: "right" },
      ],
      rows,
      true,
    );
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#475569")
      .text(
        "Spend is charged from the prepaid balance when a generation completes; failed and canceled generations are not charged. Refunds in the period are deducted.",
      );
    footer(doc, `${issuer().name} · Usage statement ${input.period}`);
  });
}
