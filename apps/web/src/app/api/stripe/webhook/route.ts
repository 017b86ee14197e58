// Stripe webhook: verifies the signature with STRIPE_WEBHOOK_SECRET and, on a
// paid checkout.session.completed (or async_payment_succeeded), marks the invoice paid and credits
// the balance exactly once (engine markInvoicePaid: conditional open → paid + ledger in one
// transaction), however often or concurrently Stripe delivers the event.
import Stripe from "stripe";
import { env } from "@vgen/config";
import { ApiError } from "@vgen/contracts";
import { getDb, newId } from "@vgen/db";
import { InvoiceError, markInvoicePaid } from "@vgen/engine/billing";
import { logger } from "@vgen/engine/platform";
import { apiErrorOf } from "@/server/errors/convert";
import { acknowledgedErrorResponse, errorResponse } from "@/server/errors/http";
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Errors answer with the catalog's envelope: a refusal of the request itself with its 4xx, a failure
 * of ours with 500 or 503, which Stripe retries for days; a payment that cannot be applied with 200
 * (acknowledged, so Stripe stops) and the envelope of why.
 */
export async function POST(req: Request) {
  const requestId = newId("req");
  try {
    return await receive(req, requestId);
  } catch (err) {
    return errorResponse(apiErrorOf(err, { requestId, path: new URL(req.url).pathname }), requestId);
  }
}

async function receive(req: Request, requestId: string): Promise<Response> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  // 503, not 404: Stripe retries a 503 for days, so events sent before the operator sets the secret are not lost.
  if (!secret) {
    throw new ApiError(
      "service_unavailable",
      "Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).",
      null,
      { "retry-after": "3600" },
    );
  }
  const signature = req.headers.get("stripe-signature");
  if (!signature) throw new ApiError("missing_parameter", "Missing Stripe-Signature header.", "Stripe-Signature");
  const body = await req.text();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(body, signature, secret);
  } catch (err) {
    throw new ApiError("invalid_parameter", `Invalid signature: ${(err as Error).message}`, "Stripe-Signature");
  }
  if (!PAID_EVENTS.has(event.type)) return Response.json({ received: true, ignored: event.type });

  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") {
    // Delayed methods: wait for checkout.session.async_payment_succeeded.
    return Response.json({ received: true, pending: session.payment_status });
  }
  const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id;
  if (!invoiceId) {
    logger.warn({ eventId: event.id, sessionId: session.id }, "stripe checkout session without invoice_id");
    return Response.json({ received: true, ignored: "no invoice_id" });
  }
  if (session.currency !== "usd" || session.amount_total === null) {
    // We only create USD sessions with a fixed amount; anything else cannot pay an invoice.
    logger.error(
      { eventId: event.id, invoiceId, currency: session.currency, amountTotal: session.amount_total },
      "stripe payment could not be applied",
    );
    const mismatch = new InvoiceError("amount_mismatch", "The payment's currency or amount does not match the invoice.");
    return acknowledgedErrorResponse(mismatch, requestId, { received: true, reason: mismatch.reason });
  }
  try {
    const result = await markInvoicePaid(getDb(), {
      invoice: invoiceId,
      via: "stripe",
      actor: "stripe",
      stripeSessionId: session.id,
      amountCents: session.amount_total,
    });
    logger.notice({ eventId: event.id, invoiceId, credited: result.credited }, "stripe checkout paid");
    return Response.json({
      received: true,
      invoice: result.invoice.number,
      status: result.invoice.status,
      credited: result.credited,
    });
  } catch (err) {
    if (err instanceof InvoiceError) {
      // Not retryable: answer 2xx so Stripe stops, and leave a trace for staff.
      logger.error({ eventId: event.id, invoiceId, code: err.reason, err: err.message }, "stripe payment could not be applied");
      return acknowledgedErrorResponse(err, requestId, { received: true, reason: err.reason });
    }
    throw err;
  }
}
