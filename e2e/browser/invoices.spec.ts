import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "./support/test";
import { createAccount } from "@vgen/engine/accounts";
import { db, uniqueEmail } from "../support/fixtures";
import { ops } from "../support/ops-cli";
import { signedInAccount } from "./support/session";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The text of a PDF (pdfjs-dist, the engine's dev dependency for reading PDFs back). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const req = createRequire(path.join(root, "packages/engine/package.json"));
  const pdfjs = await import(pathToFileURL(req.resolve("pdfjs-dist/legacy/build/pdf.mjs")).href);
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  let text = "";
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += `${content.items.map((i: { str?: string }) => i.str ?? "").join(" ")}\n`;
  }
  await doc.destroy();
  return text.replace(/\s+/g, " ");
}

test("a bank-transfer invoice, marked paid by support, credits the balance and has a receipt", async ({ page }) => {
  const { id, email } = await signedInAccount(page);
  const staff = await createAccount(db(), { email: uniqueEmail("staff"), role: "support" });
  await page.goto("/dashboard/invoices");
  await expect(page.getByRole("heading", { name: "Invoices & receipts" })).toBeVisible();
  await expect(page.getByText("No invoices yet")).toBeVisible();
  await expect(page.getByTestId("invoices-balance")).toHaveText("$0.00");
  // The embedded default has neither Stripe nor bank details: the page says how funds arrive anyway.
  const ways = page.getByRole("region", { name: "How funds arrive" });
  await expect(ways).toContainText("Card (Stripe Checkout): not enabled on this server.");
  await expect(ways).toContainText("support marks the invoice paid");
  await expect(ways).toContainText("no bank details on its invoices");
  await expect(ways.getByRole("link", { name: "Ask for test balance" })).toHaveAttribute("href", "/dashboard/test-balance");

  // Out of range amounts are refused before anything is created.
  await page.getByLabel("Amount (USD)").fill("4.99");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "between $5.00 and $10,000.00" })).toBeVisible();

  await page.getByLabel("Amount (USD)").fill("25.50");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("status").filter({ hasText: "created" })).toBeVisible();
  const invoice = await db().invoice.findFirstOrThrow({ where: { accountId: id, kind: "top_up" } });
  expect(invoice).toMatchObject({ method: "bank_transfer", status: "open", amountMicros: 25_500_000n });
  const row = page.getByTestId(`invoice-${invoice.number}`);
  await expect(row).toContainText("$25.50");
  await expect(row).toContainText("awaiting payment");
  // Payment instructions with the invoice number as the reference.
  await expect(row.getByText("Payment instructions")).toBeVisible();
  await expect(row.locator("dd", { hasText: invoice.number })).toBeVisible();
  await expect(row.locator("dd", { hasText: "USD" })).toHaveText("$25.50 USD");
  await expect(row.getByRole("link", { name: `Receipt PDF for ${invoice.number}` })).toHaveCount(0);

  // The invoice PDF is downloadable now.
  const invoicePdf = await page.request.get(`/api/dashboard/invoices/${invoice.id}/invoice`);
  expect(invoicePdf.status()).toBe(200);
  const invoiceText = await pdfText(new Uint8Array(await invoicePdf.body()));
  expect(invoiceText).toContain(invoice.number);
  expect(invoiceText).toContain("$25.50");
  expect(invoiceText).toContain(email);

  // Support marks it paid with the ops CLI (audited); a second time credits nothing.
  const marked = ops("mark-invoice-paid", "--invoice", invoice.number, "--actor", staff.email);
  expect(marked.code, marked.stderr).toBe(0);
  expect(JSON.parse(marked.stdout)).toMatchObject({
    invoice: invoice.number,
    status: "paid",
    credited: "$25.50",
    balance: "$25.50",
  });
  const again = ops("mark-invoice-paid", "--invoice", invoice.number, "--actor", staff.email);
  expect(again.code).not.toBe(0);
  expect(again.stderr).toContain("already paid");
  expect(await db().auditLog.count({ where: { actorId: staff.id, action: "invoice.mark_paid", targetId: invoice.id } })).toBe(1);

  await page.reload();
  await expect(row).toContainText("paid");
  await expect(row).not.toContainText("awaiting payment");
  await expect(page.getByTestId("invoices-balance")).toHaveText("$25.50");

  // The receipt, downloaded through the page's link.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: `Receipt PDF for ${invoice.number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${invoice.number}.pdf`);
  const receiptBytes = await readFile((await download.path())!);
  expect(receiptBytes.subarray(0, 5).toString()).toBe("%PDF-");
  const receipt = await page.request.get(`/api/dashboard/invoices/${invoice.id}/receipt`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  const receiptText = await pdfText(new Uint8Array(receiptBytes));
  expect(receiptText).toContain("RECEIPT");
  expect(receiptText).toContain(invoice.number);
  expect(receiptText).toContain("$25.50");

  await page.screenshot({ path: "test-results/invoices.png", fullPage: true });
});

test("a usage statement for the month; documents of other accounts are not reachable", async ({ page, browser }) => {
  const { id } = await signedInAccount(page);
  await page.goto("/dashboard/invoices");
  await page.getByRole("button", { name: "Generate statement" }).click();
  await expect(page.getByText("No usage in this month.")).toBeVisible();
  const statement = await db().invoice.findFirstOrThrow({ where: { accountId: id, kind: "usage_statement" } });
  await expect(page.getByRole("list", { name: "Usage statements" })).toContainText(statement.number);
  const pdf = await page.request.get(`/api/dashboard/invoices/${statement.id}/statement`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(await pdfText(new Uint8Array(await pdf.body()))).toContain(statement.number);

  // Another signed-in account gets 404; nobody signed in gets 401.
  const other = await browser.newPage();
  await signedInAccount(other);
  expect((await other.request.get(`/api/dashboard/invoices/${statement.id}/statement`)).status()).toBe(404);
  await other.close();
  const anon = await browser.newContext();
  expect((await anon.request.get(`/api/dashboard/invoices/${statement.id}/statement`)).status()).toBe(401);
  await anon.close();
});
