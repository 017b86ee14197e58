// PDFs read back as text (pdfjs-dist legacy build): number, amounts, account email.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { newId } from "@vgen/db";
import { renderInvoicePdf, renderReceiptPdf, renderStatementPdf } from "../src/billing/pdf";

async function pdfText(buf: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  await doc.destroy();
  return parts.join("\n").replace(/\s+/g, " ");
}

const customer = { accountId: "acct_TEST123", email: "pdf-reader@example.test", name: "Ada Lovelace" };

describe("billing PDFs", () => {
  it("an invoice carries its number, amount, email and bank-transfer instructions", async () => {
    const pdf = await renderInvoicePdf({
      number: "INV-2026-000042",
      createdAt: new Date("2026-03-04T10:00:00Z"),
      amountMicros: 125_500_000n,
      method: "bank_transfer",
      status: "open",
      customer,
      instructions: {
        beneficiary: "vgen Inc.",
        bank: "Example Bank",
        iban: "US00 1234",
        swift: "EXMPUS33",
        reference: "INV-2026-000042",
      },
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("INVOICE");
    expect(text).toContain("INV-2026-000042");
    expect(text).toContain("$125.50");
    expect(text).not.toContain("$125.500");
    expect(text).toContain("pdf-reader@example.test");
    expect(text).toContain("Payment reference");
    expect(text).toContain("2026-03-04");
  });

  it("a receipt states what was paid and when", async () => {
    const pdf = await renderReceiptPdf({
      number: "INV-2026-000043",
      createdAt: new Date("2026-03-04T10:00:00Z"),
      paidAt: new Date("2026-03-06T12:00:00Z"),
      amountMicros: 5_000_000n,
      method: "stripe",
      status: "paid",
      customer,
    });
    const text = await pdfText(pdf);
    expect(text).toContain("RECEIPT");
    expect(text).toContain("INV-2026-000043");
    expect(text).toContain("$5.00");
    expect(text).toContain("2026-03-06");
    expect(text).toContain("Card (Stripe Checkout)");
    expect(text).toContain("pdf-reader@example.test");
  });

  it("a statement lists each model with generations, seconds and spend, and the totals", async () => {
    const pdf = await renderStatementPdf({
      number: "STM-2026-000007",
      period: "2026-02",
      from: new Date("2026-02-01T00:00:00Z"),
      to: new Date("2026-03-01T00:00:00Z"),
      generatedAt: new Date("2026-03-01T08:00:00Z"),
      customer,
      lines: [
        { model: "gen-3.1-fast", generations: 3, billedSeconds: 12, spendMicros: 1_800_000n },
        { model: "gen-3.1-pro", generations: 1, billedSeconds: 8, spendMicros: 3_840_000n },
      ],
      totalGenerations: 4,
      totalBilledSeconds: 20,
      totalSpendMicros: 5_640_000n,
    });
    const text = await pdfText(pdf);
    expect(text).toContain("USAGE STATEMENT");
    expect(text).toContain("STM-2026-000007");
    expect(text).toContain("2026-02-01 to 2026-02-28");
    expect(text).toMatch(/gen-3\.1-fast 3 12 s \$1\.80 /);
    expect(text).toMatch(/gen-3\.1-pro 1 8 s \$3\.84 /);
    expect(text).toMatch(/Total 4 20 s \$5\.64 /);
    expect(text).toContain("pdf-reader@example.test");
  });
});

const url = testDatabaseUrl;

describe.skipIf(!url)("documents from the database", () => {
  const db = useTestDb(2);

  it("serves an account only its own documents; a receipt only once paid; the statement from the ledger", async () => {
    const {
      accountDocumentPdf,
      createTopUpInvoice,
      creditAccount,
      DocumentUnavailableError,
      generateStatement,
      markInvoicePaid,
      periodOf,
      applyLedgerEntry,
    } = await import("../src/billing/index");
    const { createAccount } = await import("../src/accounts/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const owner = await createAccount(db(), { email: `pdf-owner-${Date.now()}@example.test` });
    const other = await createAccount(db(), { email: `pdf-other-${Date.now()}@example.test` });
    const invoice = await createTopUpInvoice(db(), { accountId: owner.id, amountMicros: 20_000_000n, method: "bank_transfer" });

    expect(await accountDocumentPdf(db(), other.id, invoice.id, "invoice")).toBeNull();
    await expect(accountDocumentPdf(db(), owner.id, invoice.id, "receipt")).rejects.toBeInstanceOf(DocumentUnavailableError);
    await expect(accountDocumentPdf(db(), owner.id, invoice.id, "receipt")).rejects.toMatchObject({
      code: "state_conflict",
      status: 409,
    });
    const inv = await accountDocumentPdf(db(), owner.id, invoice.id, "invoice");
    const invText = await pdfText(inv!.pdf);
    expect(invText).toContain(invoice.number);
    expect(invText).toContain("$20.00");
    expect(invText).toContain(owner.email);

    await markInvoicePaid(db(), { invoice: invoice.number, via: "bank_transfer", actor: "test" });
    const receipt = await accountDocumentPdf(db(), owner.id, invoice.id, "receipt");
    expect(receipt!.filename).toBe(`receipt-${invoice.number}.pdf`);
    expect(await pdfText(receipt!.pdf)).toContain(invoice.number);

    // One charged generation this month.
    await creditAccount(db(), { accountId: owner.id, amountMicros: 10_000_000n, type: "adjustment", reason: "t", actor: "t" });
    const model = await findEnabledModel(db(), "gen-3.1-fast");
    const genId = newId("vid");
    await db().generation.create({
      data: {
        id: genId,
        accountId: owner.id,
        modelId: model.id,
        status: "completed",
        prompt: "p",
        duration: 4,
        size: "720p",
        aspectRatio: "16:9",
        width: 1280,
        height: 720,
        priceMicrosPerSecond: model.priceMicrosPerSecond,
        billedSeconds: 4,
        costMicros: 600_000n,
        queue: model.queue,
        seed: 1,
        etaSecondsAtAccept: 1,
      },
    });
    await db().$transaction((tx) =>
      applyLedgerEntry(tx, {
        accountId: owner.id,
        type: "charge",
        amountMicros: -600_000n,
        generationId: genId,
        reference: genId,
      }),
    );
    const period = periodOf(new Date());
    const { invoice: stmt, usage } = await generateStatement(db(), owner.id, period);
    expect(usage.lines).toEqual([{ model: "gen-3.1-fast", generations: 1, billedSeconds: 4, spendMicros: 600_000n }]);
    const again = await generateStatement(db(), owner.id, period);
    expect(again.invoice.id).toBe(stmt.id);
    const pdf = await accountDocumentPdf(db(), owner.id, stmt.id, "statement");
    const text = await pdfText(pdf!.pdf);
    expect(text).toContain(stmt.number);
    expect(text).toMatch(/gen-3\.1-fast 1 4 s \$0\.60 /);
    expect(await accountDocumentPdf(db(), other.id, stmt.id, "statement")).toBeNull();
  });
});
