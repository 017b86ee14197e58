import { env } from "@vgen/config";
import { getAccount } from "@vgen/engine/accounts";
import { bankDetailsConfigured, bankTransferInstructions, listInvoices, statementPeriods } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";
import { stripeEnabled } from "./stripe";

/** The account's top-up invoices, its statements and the months a statement can be made for. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const [account, topUps, statements] = await Promise.all([
    getAccount(ctx.db, ctx.accountId),
    listInvoices(ctx.db, ctx.accountId, { kind: "top_up" }),
    listInvoices(ctx.db, ctx.accountId, { kind: "usage_statement" }),
  ]);
  return {
    stripeEnabled: stripeEnabled(),
    bankDetailsConfigured: bankDetailsConfigured(),
    supportEmail: env().BILLING_ISSUER_EMAIL || null,
    balanceMicros: account.balanceMicros,
    invoices: topUps.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      method: i.method,
      amountMicros: i.amountMicros,
      createdAt: i.createdAt,
      paidAt: i.paidAt,
      instructions: i.method === "bank_transfer" && i.status === "open" ? bankTransferInstructions(i) : null,
    })),
    statements: statements.map((s) => ({
      id: s.id,
      number: s.number,
      period: s.period,
      amountMicros: s.amountMicros,
      createdAt: s.createdAt,
    })),
    periods: statementPeriods(account.createdAt),
  };
}
