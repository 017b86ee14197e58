"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Suspense, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, FormError, Spinner } from "@/components/ui/states";
import { CreateTopUpInput } from "@/server/routers/invoices/createTopUp.schema";
import { GenerateStatementInput } from "@/server/routers/invoices/generateStatement.schema";
import { useTRPC } from "@/trpc/client";

const day = (d: Date) => d.toISOString().slice(0, 10);
const METHOD = { stripe: "methodStripe", bank_transfer: "methodBank" } as const;
const STATUS_TONE = { open: "amber", paid: "green", void: "gray" } as const;
const STATUS_LABEL = { open: "statusOpen", paid: "statusPaid", void: "statusVoid" } as const;

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
  const t = useTranslations("invoices");
  return (
    <a
      href={pdfHref(id, doc)}
      download
      className="font-medium text-slate-900 underline underline-offset-2 hover:text-slate-600"
      aria-label={t("pdfLabel", { label, number })}
    >
      {t("pdf", { label })}
    </a>
  );
}

function monthLabel(period: string, locale: string) {
  const [y, m] = period.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString(locale, { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The two ways money reaches a balance, and what this server offers of each. */
function FundingWays({
  stripeEnabled,
  bankDetailsConfigured,
  supportEmail,
}: {
  stripeEnabled: boolean;
  bankDetailsConfigured: boolean;
  supportEmail: string | null;
}) {
  const t = useTranslations("invoices");
  const support = supportEmail ? (
    <a className="underline underline-offset-2" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  ) : (
    t("support")
  );
  return (
    <section aria-labelledby="funding-ways" className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700">
      <h3 id="funding-ways" className="font-medium text-slate-900">
        {t("howFundsArrive")}
      </h3>
      <ul className="mt-2 space-y-2">
        <li>
          <span className="font-medium">{t("cardTitle")}</span>: {stripeEnabled ? t("cardOn") : t("cardOff")}
        </li>
        <li>
          <span className="font-medium">{t("bankTitle")}</span>: {t("bankText")}{" "}
          {bankDetailsConfigured ? null : t.rich("noBankDetails", { support: () => support })}
        </li>
        <li>
          {t.rich("onlyTrying", {
            link: (chunks) => (
              <Link className="underline underline-offset-2" href="/dashboard/test-balance">
                {chunks}
              </Link>
            ),
          })}
        </li>
      </ul>
    </section>
  );
}

/** The top-up form: a Stripe Checkout redirect, or a bank-transfer invoice whose number it reports. */
function TopUpForm({
  stripeEnabled,
  onSubmitting,
  onCreated,
}: {
  stripeEnabled: boolean;
  onSubmitting: () => void;
  onCreated: (number: string) => Promise<unknown>;
}) {
  const t = useTranslations("invoices");
  const trpc = useTRPC();
  const form = useSchemaForm(CreateTopUpInput, { defaultValues: { amount: "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const createTopUp = useMutation(trpc.invoices.createTopUp.mutationOptions());
  const onSubmit = form.handleSubmit(async (input) => {
    const res = await createTopUp.mutateAsync(input).catch(showServerErrors);
    if (!res) return;
    if (res.redirectUrl) return window.location.assign(res.redirectUrl);
    form.reset();
    await onCreated(res.number);
  });
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        onSubmitting();
        void onSubmit(e);
      }}
    >
      <TextField
        label={t("amount")}
        inputMode="decimal"
        placeholder="50.00"
        hint={t("amountHint")}
        error={errors.amount?.message}
        {...form.register("amount")}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("creating") : stripeEnabled ? t("payWithCard") : t("createInvoice")}
      </Button>
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
    </form>
  );
}

/** A month's usage statement: generated on request, shown as a table and kept as a PDF. */
function StatementForm({ periods, onGenerated }: { periods: string[]; onGenerated: () => Promise<unknown> }) {
  const t = useTranslations("invoices");
  const tu = useTranslations("units");
  const locale = useLocale();
  const trpc = useTRPC();
  const form = useSchemaForm(GenerateStatementInput, { defaultValues: { period: periods[0] ?? "" } });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form);
  const statement = useMutation(trpc.invoices.generateStatement.mutationOptions({ onSuccess: () => onGenerated() }));
  const onSubmit = form.handleSubmit((input) => statement.mutateAsync(input).then(() => {}, showServerErrors));
  return (
    <>
      <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={onSubmit}>
        <div className="w-56">
          <SelectField label={t("month")} error={errors.period?.message} {...form.register("period")}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {monthLabel(p, locale)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" variant="secondary" disabled={isSubmitting || periods.length === 0}>
          {isSubmitting ? t("generating") : t("generateStatement")}
        </Button>
      </form>
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
      {statement.data && (
        <div className="mt-4" aria-live="polite">
          <DataTable
            label={`${statement.data.number} · ${monthLabel(statement.data.period, locale)}`}
            captionVisible
            bleed={false}
            rows={statement.data.lines}
            rowKey={(l) => l.model}
            empty={t("noUsage")}
            columns={[
              { id: "model", header: t("model"), className: "font-mono", cell: (l) => l.model },
              { id: "generations", header: t("generations"), numeric: true, cell: (l) => l.generations },
              {
                id: "seconds",
                header: t("billedSeconds"),
                numeric: true,
                cell: (l) => tu("seconds", { count: l.billedSeconds }),
              },
              { id: "spend", header: t("spend"), numeric: true, cell: (l) => formatAmount(l.spendMicros) },
            ]}
            footer={[
              t("total"),
              statement.data.totalGenerations,
              tu("seconds", { count: statement.data.totalBilledSeconds }),
              formatAmount(statement.data.totalSpendMicros),
            ]}
          />
        </div>
      )}
    </>
  );
}

export function InvoicesPanel() {
  return (
    <Suspense fallback={<Spinner />}>
      <Invoices />
    </Suspense>
  );
}

function Invoices() {
  const t = useTranslations("invoices");
  const tn = useTranslations("nav");
  const locale = useLocale();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const params = useSearchParams();
  const list = useQuery(trpc.invoices.list.queryOptions());
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.invoices.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
    ]);

  if (list.isPending) return <Spinner label={t("loading")} />;
  if (list.error) return <ErrorNote error={list.error} />;
  const data = list.data;

  return (
    <>
      <PageHeader
        title={tn("invoices")}
        description={t("description")}
        actions={
          <div className="text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("balance")}</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="invoices-balance">
              {formatAmount(data.balanceMicros)}
            </p>
          </div>
        }
      />
      {params.get("paid") && (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("paidNotice", { number: params.get("paid") ?? "" })}
        </p>
      )}
      {params.get("canceled") && (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("canceledNotice", { number: params.get("canceled") ?? "" })}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={t("addFunds")} description={data.stripeEnabled ? t("addFundsStripe") : t("addFundsBank")}>
          <TopUpForm
            stripeEnabled={data.stripeEnabled}
            onSubmitting={() => setCreated(null)}
            onCreated={async (number) => {
              setCreated(number);
              await refresh();
            }}
          />
          {created && (
            <p role="status" className="mt-3 text-sm text-emerald-800">
              {t("created", { number: created })}
            </p>
          )}
          <FundingWays
            stripeEnabled={data.stripeEnabled}
            bankDetailsConfigured={data.bankDetailsConfigured}
            supportEmail={data.supportEmail}
          />
        </Card>

        <Card title={t("topUpInvoices")} className="lg:col-span-2">
          {data.invoices.length === 0 ? (
            <EmptyState title={t("noInvoices")}>{t("noInvoicesHint")}</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t("topUpInvoices")}>
              {data.invoices.map((inv) => (
                <li key={inv.id} className="py-3 first:pt-0 last:pb-0" data-testid={`invoice-${inv.number}`}>
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <p className="font-mono text-sm font-medium text-slate-900">{inv.number}</p>
                      <p className="text-xs text-slate-500">
                        {day(inv.createdAt)} ·{" "}
                        {inv.method === "stripe" || inv.method === "bank_transfer" ? t(METHOD[inv.method]) : inv.method}
                        {inv.paidAt ? t("paidOn", { date: day(inv.paidAt) }) : ""}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-3 text-sm">
                      <span className="font-semibold tabular-nums">{formatAmount(inv.amountMicros)}</span>
                      <Badge tone={STATUS_TONE[inv.status]}>{t(STATUS_LABEL[inv.status])}</Badge>
                      <PdfLink id={inv.id} doc="invoice" label={t("invoice")} number={inv.number} />
                      {inv.status === "paid" && <PdfLink id={inv.id} doc="receipt" label={t("receipt")} number={inv.number} />}
                    </div>
                  </div>
                  {inv.instructions && (
                    <details className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm" open={created === inv.number}>
                      <summary className="cursor-pointer font-medium text-slate-800">{t("paymentInstructions")}</summary>
                      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                        <dt className="text-slate-500">{t("beneficiary")}</dt>
                        <dd>{inv.instructions.beneficiary}</dd>
                        <dt className="text-slate-500">{t("bank")}</dt>
                        <dd>{inv.instructions.bank}</dd>
                        <dt className="text-slate-500">{t("iban")}</dt>
                        <dd className="font-mono">{inv.instructions.iban}</dd>
                        <dt className="text-slate-500">{t("swift")}</dt>
                        <dd className="font-mono">{inv.instructions.swift}</dd>
                        <dt className="text-slate-500">{t("instructionAmount")}</dt>
                        <dd>
                          {inv.instructions.amount} {inv.instructions.currency}
                        </dd>
                        <dt className="text-slate-500">{t("reference")}</dt>
                        <dd className="flex flex-wrap items-center gap-2">
                          <span className="font-mono font-semibold">{inv.instructions.reference}</span>
                          <CopyButton text={inv.instructions.reference} label={t("copyReference")} />
                        </dd>
                      </dl>
                      <p className="mt-2 text-xs text-slate-500">{t("referenceHint")}</p>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card title={t("statements")} description={t("statementsHint")} className="mt-6">
        <StatementForm periods={data.periods} onGenerated={refresh} />
        <h3 className="mt-6 text-sm font-semibold text-slate-900">{t("yourStatements")}</h3>
        {data.statements.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("noStatements")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label={t("statementsLabel")}>
            {data.statements.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{s.period ? monthLabel(s.period, locale) : s.number}</span>{" "}
                  <span className="font-mono text-xs text-slate-500">{s.number}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="tabular-nums">{formatAmount(s.amountMicros)}</span>
                  <PdfLink id={s.id} doc="statement" label={t("statement")} number={s.number} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
