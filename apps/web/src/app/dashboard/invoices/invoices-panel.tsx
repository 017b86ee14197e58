"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const day = (d: Date) => d.toISOString().slice(0, 10);
const METHOD: Record<string, string> = { stripe: "Card (Stripe)", bank_transfer: "Bank transfer" };
const STATUS_TONE = { open: "amber", paid: "green", void: "gray" } as const;
const STATUS_LABEL = { open: "awaiting payment", paid: "paid", void: "void" } as const;

function pdfHref(id: string, doc: "invoice" | "receipt" | "statement") {
  return `/api/dashboard/invoices/${id}/${doc}`;
}

function PdfLink({
  id,
  doc,
  label,
  number,
}: {
  id: string;
  doc: "invoice" | "receipt" | "statement";
  label: string;
  number: string;
}) {
  return (
    <a
      href={pdfHref(id, doc)}
      download
      className="font-medium text-slate-900 underline underline-offset-2 hover:text-slate-600"
      aria-label={`${label} PDF for ${number}`}
    >
      {label} PDF
    </a>
  );
}

function monthLabel(period: string) {
  const [y, m] = period.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

export function InvoicesPanel() {
  return (
    <Suspense fallback={<Spinner />}>
      <Invoices />
    </Suspense>
  );
}

function Invoices() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const params = useSearchParams();
  const list = useQuery(trpc.invoices.list.queryOptions());
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.invoices.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    ]);
  const createTopUp = useMutation(
    trpc.invoices.createTopUp.mutationOptions({
      onSuccess: async (res) => {
        if (res.redirectUrl) {
          window.location.assign(res.redirectUrl);
          return;
        }
        setCreated(res.number);
        setAmount("");
        await refresh();
      },
    }),
  );

  const [period, setPeriod] = useState("");
  const statement = useMutation(trpc.invoices.generateStatement.mutationOptions({ onSuccess: () => refresh() }));

  if (list.isPending) return <Spinner label="Loading invoices" />;
  if (list.error) return <ErrorNote error={list.error} />;
  const data = list.data;
  const selectedPeriod = period || data.periods[0] || "";

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setCreated(null);
    const m = /^\$?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
    if (!m) return setFieldError("Enter a dollar amount like 25 or 25.50.");
    const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
    if (cents < 500 || cents > 1_000_000) return setFieldError("Top-ups are between $5 and $10,000.");
    setFieldError(null);
    createTopUp.mutate({ amount: amount.trim() });
  }

  return (
    <>
      <PageHeader
        title="Invoices & receipts"
        description="Top up your prepaid balance, download invoices and receipts, and get a monthly usage statement. Every document is a PDF."
        actions={
          <div className="text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Balance</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="invoices-balance">
              {formatAmount(data.balanceMicros)}
            </p>
          </div>
        }
      />
      {params.get("paid") && (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Thank you: payment for {params.get("paid")} received. The balance is credited as soon as Stripe confirms it.
        </p>
      )}
      {params.get("canceled") && (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Checkout for {params.get("canceled")} was canceled. Nothing was charged.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title="Add funds"
          description={
            data.stripeEnabled
              ? "Pay by card on Stripe Checkout; the balance is credited right after payment."
              : "Get an invoice to pay by bank transfer; the balance is credited when the transfer arrives."
          }
        >
          <form onSubmit={submit} className="space-y-3" noValidate>
            <TextField
              label="Amount (USD)"
              name="amount"
              inputMode="decimal"
              placeholder="50.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint="Between $5 and $10,000."
              error={fieldError ?? (createTopUp.error?.message || null)}
            />
            <Button type="submit" disabled={createTopUp.isPending} className="w-full">
              {createTopUp.isPending ? "Creating…" : data.stripeEnabled ? "Pay with card" : "Create invoice"}
            </Button>
          </form>
          {created && (
            <p role="status" className="mt-3 text-sm text-emerald-800">
              Invoice {created} created. Pay it by bank transfer with the details below.
            </p>
          )}
        </Card>

        <Card title="Top-up invoices" className="lg:col-span-2">
          {data.invoices.length === 0 ? (
            <EmptyState title="No invoices yet">Create one with “Add funds”.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Top-up invoices">
              {data.invoices.map((inv) => (
                <li key={inv.id} className="py-3 first:pt-0 last:pb-0" data-testid={`invoice-${inv.number}`}>
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <p className="font-mono text-sm font-medium text-slate-900">{inv.number}</p>
                      <p className="text-xs text-slate-500">
                        {day(inv.createdAt)} · {METHOD[inv.method ?? ""] ?? inv.method}
                        {inv.paidAt ? ` · paid ${day(inv.paidAt)}` : ""}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-3 text-sm">
                      <span className="font-semibold tabular-nums">{formatAmount(inv.amountMicros)}</span>
                      <Badge tone={STATUS_TONE[inv.status]}>{STATUS_LABEL[inv.status]}</Badge>
                      <PdfLink id={inv.id} doc="invoice" label="Invoice" number={inv.number} />
                      {inv.status === "paid" && <PdfLink id={inv.id} doc="receipt" label="Receipt" number={inv.number} />}
                    </div>
                  </div>
                  {inv.instructions && (
                    <details className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm" open={created === inv.number}>
                      <summary className="cursor-pointer font-medium text-slate-800">Payment instructions</summary>
                      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                        <dt className="text-slate-500">Beneficiary</dt>
                        <dd>{inv.instructions.beneficiary}</dd>
                        <dt className="text-slate-500">Bank</dt>
                        <dd>{inv.instructions.bank}</dd>
                        <dt className="text-slate-500">IBAN / account</dt>
                        <dd className="font-mono">{inv.instructions.iban}</dd>
                        <dt className="text-slate-500">SWIFT / BIC</dt>
                        <dd className="font-mono">{inv.instructions.swift}</dd>
                        <dt className="text-slate-500">Amount</dt>
                        <dd>
                          {inv.instructions.amount} {inv.instructions.currency}
                        </dd>
                        <dt className="text-slate-500">Reference</dt>
                        <dd className="flex flex-wrap items-center gap-2">
                          <span className="font-mono font-semibold">{inv.instructions.reference}</span>
                          <CopyButton text={inv.instructions.reference} label="Copy reference" />
                        </dd>
                      </dl>
                      <p className="mt-2 text-xs text-slate-500">
                        Put the reference on the transfer so we can match it to your account.
                      </p>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card
        title="Monthly usage statements"
        description="Per model: generations charged, billed seconds and spend. Make one for the current month or any past month."
        className="mt-6"
      >
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (selectedPeriod) statement.mutate({ period: selectedPeriod });
          }}
        >
          <div className="w-56">
            <SelectField label="Month" value={selectedPeriod} onChange={(e) => setPeriod(e.target.value)}>
              {data.periods.map((p) => (
                <option key={p} value={p}>
                  {monthLabel(p)}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" variant="secondary" disabled={statement.isPending || !selectedPeriod}>
            {statement.isPending ? "Generating…" : "Generate statement"}
          </Button>
        </form>
        <ErrorNote error={statement.error} />
        {statement.data && (
          <div className="mt-4 overflow-x-auto" aria-live="polite">
            <table className="w-full min-w-[28rem] text-sm">
              <caption className="mb-2 text-left font-medium text-slate-800">
                {statement.data.number} · {monthLabel(statement.data.period)}
              </caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="py-2 pr-4">
                    Model
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Generations
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Billed seconds
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Spend
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {statement.data.lines.length === 0 && (
                  <tr>
                    <td colSpan={4} className="py-3 text-slate-500">
                      No usage in this month.
                    </td>
                  </tr>
                )}
                {statement.data.lines.map((l) => (
                  <tr key={l.model} className="border-b border-slate-100">
                    <td className="py-2 pr-4 font-mono">{l.model}</td>
                    <td className="py-2 pr-4 text-right">{l.generations}</td>
                    <td className="py-2 pr-4 text-right">{l.billedSeconds} s</td>
                    <td className="py-2 text-right">{formatAmount(l.spendMicros)}</td>
                  </tr>
                ))}
                <tr className="font-semibold">
                  <td className="py-2 pr-4">Total</td>
                  <td className="py-2 pr-4 text-right">{statement.data.totalGenerations}</td>
                  <td className="py-2 pr-4 text-right">{statement.data.totalBilledSeconds} s</td>
                  <td className="py-2 text-right">{formatAmount(statement.data.totalSpendMicros)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        )}
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Your statements</h3>
        {data.statements.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No statements yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Usage statements">
            {data.statements.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{s.period ? monthLabel(s.period) : s.number}</span>{" "}
                  <span className="font-mono text-xs text-slate-500">{s.number}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="tabular-nums">{formatAmount(s.amountMicros)}</span>
                  <PdfLink id={s.id} doc="statement" label="Statement" number={s.number} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
