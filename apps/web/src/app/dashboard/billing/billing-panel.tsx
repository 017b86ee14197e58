"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { EmptyState, QueryState, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { CursorPager } from "@/components/ui/cursor-pager";
import { DataTable } from "@/components/ui/data-table";
import { AlertsCard } from "./alerts-card";
import { LEDGER_TYPES as TYPES, type LedgerType, useLedgerTable } from "./ledger-rows";

const PAGE_SIZE = 25;

export function BillingPanel() {
  const t = useTranslations("billing");
  const tl = useTranslations("ledgerType");
  const tn = useTranslations("nav");
  const trpc = useTRPC();
  const ledger = useLedgerTable();
  const [type, setType] = useState<LedgerType | "">("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  // Cursor pagination: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;

  const summary = useQuery(trpc.ledger.summary.queryOptions());
  const filter = { types: type ? [type] : [], from: from || null, to: to || null };
  const list = useQuery({
    ...trpc.ledger.list.queryOptions({ ...filter, limit: PAGE_SIZE, cursor }),
    placeholderData: keepPreviousData,
  });

  const resetPages = () => setCursors([null]);
  const csvParams = new URLSearchParams();
  if (type) csvParams.set("type", type);
  if (from) csvParams.set("from", from);
  if (to) csvParams.set("to", to);
  const csvQuery = csvParams.toString();
  const csvHref = `/api/dashboard/ledger.csv${csvQuery ? `?${csvQuery}` : ""}`;
  const rangeError = from && to && from > to ? t("rangeError") : null;
  const page = cursors.length;

  return (
    <>
      <PageHeader title={tn("billing")} description={t("description")} />
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <Card title={t("available")}>
          <QueryState query={summary}>
            {(data) => (
              <>
                <p className="text-3xl font-semibold tabular-nums" data-testid="available-balance">
                  {formatAmount(data.availableMicros)}
                </p>
                <p className="mt-1 text-sm text-slate-600">{t("availableHint")}</p>
              </>
            )}
          </QueryState>
        </Card>
        <Card title={t("onHold")}>
          {summary.isPending ? (
            <Spinner />
          ) : summary.data ? (
            <>
              <p className="text-3xl font-semibold tabular-nums" data-testid="held-balance">
                {formatAmount(summary.data.heldMicros)}
              </p>
              <p className="mt-1 text-sm text-slate-600">{t("onHoldHint")}</p>
            </>
          ) : null}
        </Card>
      </div>

      <AlertsCard />

      <Card
        title={t("history")}
        description={t("historyHint")}
        actions={
          <a
            href={csvHref}
            download
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
          >
            {t("exportCsv")}
          </a>
        }
      >
        <form className="mb-4 grid gap-3 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()} aria-label={t("filter")}>
          <SelectField
            label={t("type")}
            value={type}
            onChange={(e) => {
              setType(e.target.value as LedgerType | "");
              resetPages();
            }}
          >
            <option value="">{t("allTypes")}</option>
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {tl(ty)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("from")}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              resetPages();
            }}
          />
          <TextField
            label={t("to")}
            type="date"
            value={to}
            min={from || undefined}
            error={rangeError}
            onChange={(e) => {
              setTo(e.target.value);
              resetPages();
            }}
          />
        </form>

        <QueryState
          query={list}
          loading={t("loading")}
          isEmpty={(d) => d.lines.length === 0}
          empty={
            <EmptyState title={type || from || to ? t("noMatch") : t("empty")}>
              {type || from || to ? t("noMatchHint") : t("emptyHint")}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <DataTable
                label={t("caption")}
                testId="ledger-table"
                busy={list.isFetching}
                rows={data.lines}
                rowKey={(row) => row.id}
                {...ledger}
              />
              <CursorPager
                label={t("pages")}
                page={page}
                nextCursor={data.nextCursor}
                loading={list.isPlaceholderData}
                setCursors={setCursors}
              />
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}
