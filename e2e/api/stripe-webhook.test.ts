// Stripe webhook: signature verified with STRIPE_WEBHOOK_SECRET; a paid
// checkout.session.completed credits the invoice's account exactly once, however often or
// concurrently it arrives. Needs the app started with STRIPE_WEBHOOK_SECRET=whsec_test_local
// (or the same value in STRIPE_WEBHOOK_SECRET here).
import { createHmac } from "node:crypto";
import { createTopUpInvoice } from "@vgen/engine/billing";
import { describe, expect, it } from "vitest";
import { balanceOf, BASE_URL, db, ledgerSum, newAccount } from "../support/fixtures";

const SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_test_local";

/** Stripe's signature scheme, written out independently of the server (which uses the stripe SDK). */
function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${at}.${payload}`).digest("hex");
  return `t=${at},v1=${v1}`;
}

function completedEvent(
  invoiceId: string,
  sessionId: string,
  amountCents: number,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    type: "checkout.session.completed",
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: amountCents,
        currency: "usd",
        client_reference_id: invoiceId,
        metadata: { invoice_id: invoiceId },
      },
    },
  });
}

function post(body: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return fetch(`${BASE_URL}/api/stripe/webhook`, { method: "POST", headers, body });
}

describe("Stripe webhook", () => {
  it("credits a paid Checkout Session once when the event arrives twice, and again concurrently", async () => {
    const acct = await newAccount();
    const invoice = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 25_000_000n, method: "stripe" });
    const sessionId = `cs_test_${invoice.id}`;
    const body = completedEvent(invoice.id, sessionId, 2500, `evt_${invoice.id}`);

    const first = await post(body, stripeSignature(body, SECRET));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, invoice: invoice.number, status: "paid", credited: true });
    const second = await post(body, stripeSignature(body, SECRET));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ status: "paid", credited: false });

    // Stripe may also deliver the same event in parallel.
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(body, stripeSignature(body, SECRET))));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await balanceOf(acct.id)).toBe(25_000_000n);
    expect(await ledgerSum(acct.id)).toBe(25_000_000n);
    const entries = await db().ledgerEntry.findMany({ where: { accountId: acct.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: "top_up", amountMicros: 25_000_000n, reference: invoice.id, actor: "stripe" });
    const paid = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid).toMatchObject({ status: "paid", stripeSessionId: sessionId, markedPaidBy: "stripe" });
    expect(paid.paidAt).not.toBeNull();
  });

  it("credits concurrent first deliveries exactly once", async () => {
    const acct = await newAccount();
    const invoice = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 5_000_000n, method: "stripe" });
    const body = completedEvent(invoice.id, `cs_test_${invoice.id}`, 500);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(body, stripeSignature(body, SECRET)).then((r) => r.json())),
    );
    expect(results.filter((r) => r.credited === true)).toHaveLength(1);
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id } })).toBe(1);
  });

  it("refuses a bad or missing signature with 400 and moves no money", async () => {
    const acct = await newAccount();
    const invoice = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 10_000_000n, method: "stripe" });
    const body = completedEvent(invoice.id, `cs_test_${invoice.id}`, 1000);

    expect((await post(body, stripeSignature(body, "whsec_wrong_secret"))).status).toBe(400);
    const unsigned = await post(body, null);
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error).toMatchObject({ code: "missing_parameter", param: "Stripe-Signature" });
    // A valid signature over a different body (tampered amount) is refused too.
    const tampered = body.replace('"amount_total":1000', '"amount_total":100000');
    expect((await post(tampered, stripeSignature(body, SECRET))).status).toBe(400);
    // Too old: outside Stripe's 5-minute tolerance.
    expect((await post(body, stripeSignature(body, SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);

    expect(await balanceOf(acct.id)).toBe(0n);
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("open");
  });

  it("does not credit an amount that differs from the invoice", async () => {
    const acct = await newAccount();
    const invoice = await createTopUpInvoice(db(), { accountId: acct.id, amountMicros: 10_000_000n, method: "stripe" });
    const body = completedEvent(invoice.id, `cs_test_${invoice.id}`, 500);
    const res = await post(body, stripeSignature(body, SECRET));
    expect(res.status).toBe(200);
    // Acknowledged (200, so Stripe stops retrying) with the catalog's envelope of why.
    expect(await res.json()).toMatchObject({
      received: true,
      reason: "amount_mismatch",
      error: { code: "action_not_allowed", type: "invalid_request_error", request_id: res.headers.get("x-request-id") },
    });
    expect(await balanceOf(acct.id)).toBe(0n);
  });
});
