// Top-up invoices: amounts, numbering, and exactly-once crediting under repeats and concurrency.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { assertTopUpAmount, InvoiceError } from "../src/billing/invoices";
import { statementPeriods, periodBounds } from "../src/billing/statements";
describe("top-up amounts and periods", () => {
  it("accepts $5 to $10,000 in whole cents", () => {
    expect(() => assertTopUpAmount(5_000_000n)).not.toThrow();
    expect(() => assertTopUpAmount(10_000_000_000n)).not.toThrow();
    expect(() => assertTopUpAmount(4_990_000n)).toThrow(InvoiceError);
    expect(() => assertTopUpAmount(10_000_010_000n)).toThrow(/between \$5\.00 and \$10,000\.00\./);
    expect(() => assertTopUpAmount(5_001_000n)).toThrow(/whole cents/);
  });
  it("lists months from the account's creation, newest first", () => {
    expect(statementPeriods(new Date("2026-01-20T00:00:00Z"), new Date("2026-03-02T00:00:00Z"))).toEqual([
      "2026-03",
      "2026-02",
      "2026-01",
    ]);
    expect(periodBounds("2026-12")).toEqual({ from: new Date("2026-12-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") });
  });
});

const url = testDatabaseUrl;

describe.skipIf(!url)("paying an invoice", () => {
  const db = useTestDb(8);

  it("numbers invoices sequentially and credits a bank transfer once, with an audit row", async () => {
    const { createAccount } = await import("../src/accounts/index");
    const { createTopUpInvoice, markInvoicePaid } = await import("../src/billing/index");
    const acct = await createAccount(db(), { email: `inv-${Date.now()}@example.test` });
    const staff = await createAccount(db(), { email: `staff-${Date.now()}@example.test`, role: "support" });
    const a = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 50_000_000n, method: "bank_transfer" });
    const b = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 7_000_000n, method: "bank_transfer" });
    expect(a.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(Number(b.number.slice(-6))).toBeGreaterThan(Number(a.number.slice(-6)));

    const first = await markInvoicePaid(db(), {
      invoice: a.number,
      via: "bank_transfer",
      actor: staff.id,
      audit: { actorId: staff.id, action: "invoice.mark_paid" },
    });
    expect(first.credited).toBe(true);
    expect(first.invoice).toMatchObject({ status: "paid", markedPaidBy: staff.id });
    const second = await markInvoicePaid(db(), {
      invoice: a.id,
      via: "bank_transfer",
      actor: staff.id,
      audit: { actorId: staff.id, action: "invoice.mark_paid" },
    });
    expect(second.credited).toBe(false);
    const ledger = await db().ledgerEntry.findMany({ where: { accountId: acct.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: "top_up",
      amountMicros: 50_000_000n,
      reference: a.id,
      balanceAfterMicros: 50_000_000n,
    });
    expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).balanceMicros).toBe(50_000_000n);
    expect(await db().auditLog.count({ where: { targetId: a.id, action: "invoice.mark_paid" } })).toBe(1);
    await expect(markInvoicePaid(db(), { invoice: b.id, via: "stripe", actor: "stripe" })).rejects.toThrow(
      /paid by bank_transfer/,
    );
  });

  it("credits a Stripe payment reported ten times at once exactly once", async () => {
    const { createAccount } = await import("../src/accounts/index");
    const { createTopUpInvoice, markInvoicePaid, attachStripeSession } = await import("../src/billing/index");
    const acct = await createAccount(db(), { email: `stripe-${Date.now()}@example.test` });
    const inv = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 25_000_000n, method: "stripe" });
    await attachStripeSession(db(), inv.id, `cs_test_${inv.id}`);
    await expect(
      markInvoicePaid(db(), { invoice: inv.id, via: "stripe", actor: "stripe", stripeSessionId: "cs_other" }),
    ).rejects.toThrow(/another Checkout Session/);
    await expect(
      markInvoicePaid(db(), {
        invoice: inv.id,
        via: "stripe",
        actor: "stripe",
        stripeSessionId: `cs_test_${inv.id}`,
        amountCents: 100,
      }),
    ).rejects.toThrow(/2500|cents/);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        markInvoicePaid(db(), {
          invoice: inv.id,
          via: "stripe",
          actor: "stripe",
          stripeSessionId: `cs_test_${inv.id}`,
          amountCents: 2500,
        }),
      ),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    const entries = await db().ledgerEntry.findMany({ where: { accountId: acct.id } });
    expect(entries).toHaveLength(1);
    expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).balanceMicros).toBe(25_000_000n);
  });
});
