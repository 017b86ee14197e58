// Top-up invoices and their payment (docs/api.md#billing). Money only moves through applyLedgerEntry, in
// the same transaction as the invoice's open → paid transition, so a payment is credited exactly
// once however often (or however concurrently) it is reported.
import { env } from "@vgen/config";
import { ApiError, formatAmount, TOP_UP_MAX_MICROS, TOP_UP_MIN_MICROS } from "@vgen/contracts";
import { newId, Prisma, type Db, type Invoice, type DbOrTx } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { notifyOwner, topUpPaidMail } from "../mail";
import { applyLedgerEntry } from "./ledger";

export type PaymentMethod = "stripe" | "bank_transfer";

type InvoiceErrorReason = "invalid_amount" | "invoice_not_found" | "invoice_not_payable" | "session_mismatch" | "amount_mismatch";

const INVOICE_ERROR_CODE = {
  invalid_amount: "invalid_parameter",
  invoice_not_found: "resource_not_found",
  invoice_not_payable: "action_not_allowed",
  session_mismatch: "action_not_allowed",
  amount_mismatch: "action_not_allowed",
} as const satisfies Record<InvoiceErrorReason, ApiError["code"]>;

/** A top-up or payment refused; `reason` is finer than the catalog code, for the payment webhook's log. */
export class InvoiceError extends ApiError {
  constructor(
    readonly reason: InvoiceErrorReason,
    message: string,
  ) {
    super(INVOICE_ERROR_CODE[reason], message, reason === "invalid_amount" ? "amount" : null);
    this.name = "InvoiceError";
  }
}

/** Refuses amounts outside $5–$10,000 or finer than a cent (cards and banks move cents). */
export function assertTopUpAmount(micros: bigint) {
  if (micros < TOP_UP_MIN_MICROS || micros > TOP_UP_MAX_MICROS) {
    throw new InvoiceError(
      "invalid_amount",
      `Top-ups are between ${formatAmount(TOP_UP_MIN_MICROS)} and ${formatAmount(TOP_UP_MAX_MICROS)}.`,
    );
  }
  if (micros % 10_000n !== 0n) throw new InvoiceError("invalid_amount", "Use at most two decimals (whole cents).");
}

export function microsToCents(micros: bigint): number {
  return Number(micros / 10_000n);
}

const NUMBER_PREFIX = { top_up: "INV", usage_statement: "STM" } as const;

/** `INV-2026-000123`: sequential per prefix and year; a collision (two at once) just retries. */
async function nextNumber(db: DbOrTx, prefix: string, at: Date): Promise<string> {
  const stem = `${prefix}-${at.getUTCFullYear()}-`;
  const last = await db.invoice.findFirst({
    where: { number: { startsWith: stem } },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  const n = last ? Number.parseInt(last.number.slice(stem.length), 10) + 1 : 1;
  return `${stem}${String(n).padStart(6, "0")}`;
}

export async function withUniqueNumber<T>(
  db: Db,
  prefix: keyof typeof NUMBER_PREFIX,
  create: (number: string) => Promise<T>,
): Promise<T> {
  for (let i = 0; ; i++) {
    const number = await nextNumber(db, NUMBER_PREFIX[prefix], new Date());
    try {
      return await create(number);
    } catch (err) {
      const target =
        err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002" ? String(err.meta?.target ?? "") : null;
      // Retry only a number collision (the message names the column on some drivers, not meta).
      if (target !== null && i < 8 && (target.includes("number") || !target.includes("period"))) continue;
      throw err;
    }
  }
}

export async function createTopUpInvoice(
  db: Db,
  input: { accountId: string; amountMicros: bigint; method: PaymentMethod },
): Promise<Invoice> {
  assertTopUpAmount(input.amountMicros);
  return withUniqueNumber(db, "top_up", (number) =>
    db.invoice.create({
      data: {
        id: newId("inv"),
        accountId: input.accountId,
        kind: "top_up",
        method: input.method,
        amountMicros: input.amountMicros,
        number,
      },
    }),
  );
}

/** Remembers the Checkout Session created for a Stripe invoice. */
export async function attachStripeSession(db: Db, invoiceId: string, sessionId: string) {
  return db.invoice.update({ where: { id: invoiceId }, data: { stripeSessionId: sessionId } });
}

export interface MarkPaidInput {
  /** Invoice id (`inv_…`) or number (`INV-2026-000001`). */
  invoice: string;
  via: PaymentMethod;
  /** Who marked it: a staff account id for bank transfers, "stripe" for Checkout. */
  actor: string;
  /** For Stripe: the Checkout Session that paid; must match the one created for the invoice. */
  stripeSessionId?: string;
  /** For Stripe: the amount paid, in cents; must equal the invoice amount. */
  amountCents?: number;
  /** Written to the audit log in the same transaction (staff actions). */
  audit?: { actorId: string; action: string; details?: Record<string, unknown> };
}

export interface MarkPaidResult {
  invoice: Invoice;
  /** True for the one call that moved the invoice to paid and credited the balance. */
  credited: boolean;
  ledgerEntryId: string | null;
}

/**
 * open → paid and the `top_up` credit (reference = invoice id) in one transaction. The transition
 * is a conditional UPDATE, so of any number of concurrent or repeated calls exactly one credits;
 * the others see the invoice already paid and return credited=false.
 */
export async function markInvoicePaid(db: Db, input: MarkPaidInput): Promise<MarkPaidResult> {
  const where = input.invoice.startsWith("inv_") ? { id: input.invoice } : { number: input.invoice };
  const found = await db.invoice.findFirst({ where: { ...where, kind: "top_up" } });
  if (!found) throw new InvoiceError("invoice_not_found", `No top-up invoice '${input.invoice}'.`);
  if (found.method !== input.via)
    throw new InvoiceError("invoice_not_payable", `Invoice ${found.number} is paid by ${found.method}, not ${input.via}.`);
  if (input.via === "stripe") {
    if (found.stripeSessionId && input.stripeSessionId && found.stripeSessionId !== input.stripeSessionId) {
      throw new InvoiceError("session_mismatch", `Invoice ${found.number} belongs to another Checkout Session.`);
    }
    if (input.amountCents !== undefined && input.amountCents !== microsToCents(found.amountMicros)) {
      throw new InvoiceError(
        "amount_mismatch",
        `Invoice ${found.number} is for ${formatAmount(found.amountMicros)}, the payment was ${input.amountCents} cents.`,
      );
    }
  }
  return db.$transaction(async (tx) => {
    const now = new Date();
    const moved = await tx.invoice.updateMany({
      where: { id: found.id, status: "open" },
      data: {
        status: "paid",
        paidAt: now,
        markedPaidBy: input.actor,
        ...(input.stripeSessionId && !found.stripeSessionId ? { stripeSessionId: input.stripeSessionId } : {}),
      },
    });
    if (moved.count === 0) {
      const current = await tx.invoice.findUniqueOrThrow({ where: { id: found.id } });
      if (current.status === "void") throw new InvoiceError("invoice_not_payable", `Invoice ${current.number} is void.`);
      return { invoice: current, credited: false, ledgerEntryId: null };
    }
    const entry = await applyLedgerEntry(tx, {
      accountId: found.accountId,
      type: "top_up",
      amountMicros: found.amountMicros,
      reference: found.id,
      reason: `Invoice ${found.number} paid by ${input.via === "stripe" ? "card (Stripe)" : "bank transfer"}`,
      actor: input.actor,
    });
    // The customer's own log: who confirmed the payment (support for a bank transfer, the system for Stripe).
    await writeAuditRow(tx, {
      actorKind: input.audit ? "staff" : "system",
      actorId: input.audit?.actorId ?? null,
      action: "balance.topped_up",
      targetAccountId: found.accountId,
      targetId: found.id,
      details: { number: found.number, amountMicros: found.amountMicros, via: input.via },
    });
    if (input.audit) {
      await writeAuditRow(tx, {
        actorId: input.audit.actorId,
        action: input.audit.action,
        targetAccountId: found.accountId,
        targetId: found.id,
        details: {
          number: found.number,
          amount: formatAmount(found.amountMicros),
          ledgerEntryId: entry.id,
          ...input.audit.details,
        },
      });
    }
    await notifyOwner(tx, found.accountId, (locale, owner) =>
      topUpPaidMail(
        { number: found.number, amountMicros: found.amountMicros, balanceMicros: owner.balanceMicros, via: input.via },
        locale,
      ),
    );
    const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: found.id } });
    return { invoice, credited: true, ledgerEntryId: entry.id };
  });
}

/** The account's documents, newest first (tenant-scoped). */
export async function listInvoices(db: Db, accountId: string, opts: { kind?: "top_up" | "usage_statement"; take?: number } = {}) {
  return db.invoice.findMany({
    where: { accountId, ...(opts.kind ? { kind: opts.kind } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(opts.take ?? 100, 200),
  });
}

/** Shown instead of bank details the operator has not configured: never invent an account number. */
const ASK_SUPPORT = "ask support (not configured on this server)";

/** Whether the operator configured the account a bank transfer goes to (else invoices say "ask support"). */
export function bankDetailsConfigured(): boolean {
  return env().BANK_IBAN !== undefined;
}

/** How to pay a bank-transfer invoice. The operator's bank details come from the environment. */
export function bankTransferInstructions(invoice: Pick<Invoice, "number" | "amountMicros">) {
  return {
    beneficiary: env().BANK_BENEFICIARY ?? env().BILLING_ISSUER_NAME,
    bank: env().BANK_NAME ?? ASK_SUPPORT,
    iban: env().BANK_IBAN ?? ASK_SUPPORT,
    swift: env().BANK_SWIFT ?? ASK_SUPPORT,
    amount: formatAmount(invoice.amountMicros),
    currency: "USD",
    reference: invoice.number,
  };
}
