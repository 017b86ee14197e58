import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { attachStripeSession, createTopUpInvoice, microsToCents } from "@vgen/engine/billing";
import { env } from "@vgen/config";
import type { AuthedContext } from "../../trpc";
import type { CreateTopUpInput } from "./createTopUp.schema";
import { stripeClient } from "./stripe";

/**
 * A top-up invoice. With Stripe configured: a Checkout Session (the client redirects to its URL);
 * otherwise a bank-transfer invoice with payment instructions, marked paid by staff.
 */
export async function createTopUpHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateTopUpInput> }) {
  // The schema took only dollars and cents; the engine checks the range again.
  const micros = parseUsd(input.amount);
  const stripe = stripeClient();
  const invoice = await createTopUpInvoice(ctx.db, {
    accountId: ctx.accountId,
    amountMicros: micros,
    method: stripe ? "stripe" : "bank_transfer",
  });
  if (!stripe) return { invoiceId: invoice.id, number: invoice.number, redirectUrl: null };

  const base = env().PUBLIC_BASE_URL;
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    customer_email: ctx.user.email,
    client_reference_id: invoice.id,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: microsToCents(invoice.amountMicros),
          product_data: { name: `Balance top-up (${invoice.number})` },
        },
      },
    ],
    metadata: { invoice_id: invoice.id, invoice_number: invoice.number, account_id: ctx.accountId },
    payment_intent_data: { metadata: { invoice_id: invoice.id } },
    success_url: `${base}/dashboard/invoices?paid=${encodeURIComponent(invoice.number)}`,
    cancel_url: `${base}/dashboard/invoices?canceled=${encodeURIComponent(invoice.number)}`,
  });
  await attachStripeSession(ctx.db, invoice.id, session.id);
  return { invoiceId: invoice.id, number: invoice.number, redirectUrl: session.url };
}
