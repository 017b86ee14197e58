"use client";
import type { UsageRow } from "@vgen/engine/billing";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { formatAmount } from "@vgen/contracts";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { type Column, DataTable } from "@/components/ui/data-table";

// Charts measure the page, so they render in the browser only.
const chartFallback = () => <div className="h-72 animate-pulse rounded-xl border border-slate-200 bg-white" aria-hidden />;
const RequestsChart = dynamic(() => import("@/components/dashboard/charts/usage-charts").then((m) => m.RequestsChart), {
  ssr: false,
  loading: chartFallback,
});
const SpendChart = dynamic(() => import("@/components/dashboard/charts/usage-charts").then((m) => m.SpendChart), {
  ssr: false,
  loading: chartFallback,
});
const LatencyChart = dynamic(() => import("@/components/dashboard/charts/usage-charts").then((m) => m.LatencyChart), {
  ssr: false,
  loading: chartFallback,
});

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];

type Row = UsageRow;
type StatsRow = { key: string; label: ReactNode; row: Row };

/** A latency in milliseconds, or a dash when there was none. */
function useMs() {
  const t = useTranslations("usage");
  return (v: number | null) => (v === null ? "—" : t("ms", { value: String(v) }));
}

function Codes({ codes }: { codes: Record<string, number> }) {
  const entries = Object.entries(codes).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([code, n]) => (
        <li key={code} className="whitespace-nowrap">
          <Link href={`/errors#${code}`} className="font-mono text-xs underline">
            {code}
          </Link>{" "}
          <span className="tabular-nums">{n}</span>
        </li>
      ))}
    </ul>
  );
}

function StatsTable({
  caption,
  firstHeader,
  rows,
  testId,
}: {
  caption: string;
  firstHeader: string;
  rows: StatsRow[];
  testId: string;
}) {
  const t = useTranslations("usage");
  const ms = useMs();
  const count = (id: string, header: string, value: (row: Row) => ReactNode): Column<StatsRow> => ({
    id,
    header,
    numeric: true,
    className: "whitespace-nowrap",
    cell: ({ row }) => value(row),
  });
  return (
    <DataTable
      label={caption}
      testId={testId}
      minWidth="min-w-[960px]"
      rows={rows}
      rowKey={(r) => r.key}
      rowAttributes={(r) => ({ "data-testid": `${testId}-row`, "data-key": r.key })}
      columns={[
        { id: "label", header: firstHeader, rowHeader: true, className: "whitespace-nowrap", cell: (r) => r.label },
        count("requests", t("requests"), (row) => row.requests),
        count("accepted", t("accepted"), (row) => row.accepted),
        count("refused", t("refused"), (row) => row.refused),
        {
          id: "codes",
          header: t("refusedByCode"),
          className: "whitespace-nowrap",
          cell: ({ row }) => <Codes codes={row.refusedByCode} />,
        },
        count("completed", t("completed"), (row) => row.completed),
        count("failed", t("failed"), (row) => row.failed),
        count("seconds", t("billedS"), (row) => row.billedSeconds),
        count("spend", t("spend"), (row) => formatAmount(row.spendMicros)),
        count("p50", "p50", (row) => ms(row.latencyP50Ms)),
        count("p95", "p95", (row) => ms(row.latencyP95Ms)),
      ]}
    />
  );
}

function Tile({ label, value, sub, testId }: { label: string; value: ReactNode; sub?: ReactNode; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {sub && <dd className="text-xs text-slate-600">{sub}</dd>}
    </div>
  );
}

export function UsagePanel() {
  const t = useTranslations("usage");
  const tn = useTranslations("nav");
  const ms = useMs();
  const trpc = useTRPC();
  const [days, setDays] = useState<Range>(7);
  const [modelId, setModelId] = useState("");
  const [apiKeyId, setApiKeyId] = useState("");
  const [projectId, setProjectId] = useState("");
  const tp = useTranslations("projects");
  const projects = useQuery(trpc.projects.list.queryOptions({ includeArchived: true }));
  const stats = useQuery({
    ...trpc.stats.usage.queryOptions({
      days,
      modelId: modelId || null,
      apiKeyId: apiKeyId || null,
      projectId: projectId || null,
    }),
    placeholderData: keepPreviousData,
  });

  const data = stats.data;
  const keyLabel = (id: string | null) => {
    if (id === null) return tn("playground");
    const k = data?.keys.find((x) => x.id === id);
    return k ? `${k.name} (${k.prefix}…)${k.revokedAt ? t("revokedSuffix") : ""}` : id;
  };
  const hasAny =
    data &&
    (data.totals.requests > 0 || data.totals.completed + data.totals.failed + data.totals.canceled + data.totals.processing > 0);

  return (
    <>
      <PageHeader title={tn("usage")} description={t("description")} />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">{t("period")}</legend>
          <div className="inline-flex rounded-md shadow-sm">
            {RANGES.map((r, i) => (
              <button
                key={r}
                type="button"
                aria-pressed={days === r}
                onClick={() => setDays(r)}
                className={`border border-slate-300 px-3.5 py-2 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600 ${i === 0 ? "rounded-l-md" : "-ml-px"} ${i === RANGES.length - 1 ? "rounded-r-md" : ""} ${days === r ? "bg-slate-900 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {t("days", { count: r })}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="w-48">
          <SelectField label={t("model")} value={modelId} onChange={(e) => setModelId(e.target.value)}>
            <option value="">{t("allModels")}</option>
            {data?.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="w-48">
          <SelectField label={tp("filterLabel")} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">{tp("allProjects")}</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="w-64">
          <SelectField label={t("apiKey")} value={apiKeyId} onChange={(e) => setApiKeyId(e.target.value)}>
            <option value="">{t("allKeys")}</option>
            {data?.keys.map((k) => (
              <option key={k.id} value={k.id}>
                {keyLabel(k.id)}
              </option>
            ))}
          </SelectField>
        </div>
        {stats.isFetching && !stats.isPending && <Spinner label={t("updating")} />}
      </div>

      {stats.isPending ? (
        <Spinner label={t("loading")} />
      ) : stats.error ? (
        <ErrorNote error={stats.error} />
      ) : !hasAny ? (
        <EmptyState title={t("empty")}>
          {t("emptyHint")}{" "}
          <Link className="font-medium underline" href="/dashboard/quickstart">
            {tn("quickstart")}
          </Link>
        </EmptyState>
      ) : (
        <div className="space-y-6" aria-busy={stats.isFetching}>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
            <Tile
              label={t("requests")}
              value={data!.totals.requests}
              sub={t("acceptedRefused", { accepted: data!.totals.accepted, refused: data!.totals.refused })}
              testId="total-requests"
            />
            <Tile
              label={t("completed")}
              value={data!.totals.completed}
              sub={t("failedCanceled", { failed: data!.totals.failed, canceled: data!.totals.canceled })}
              testId="total-completed"
            />
            <Tile label={t("billedSeconds")} value={data!.totals.billedSeconds} testId="total-seconds" />
            <Tile label={t("spend")} value={formatAmount(data!.totals.spendMicros)} testId="total-spend" />
            <Tile label={t("latencyP50")} value={ms(data!.totals.latencyP50Ms)} testId="total-p50" />
            <Tile label={t("latencyP95")} value={ms(data!.totals.latencyP95Ms)} testId="total-p95" />
          </dl>
          <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
            <RequestsChart days={data!.days} />
            <SpendChart days={data!.days} />
            <LatencyChart days={data!.days} />
          </div>
          <Card title={t("byDay")} description={t("newestFirst")}>
            <StatsTable
              caption={t("byDayCaption")}
              firstHeader={t("dayUtc")}
              testId="usage-by-day"
              rows={[...data!.days].reverse().map((d) => ({ key: d.day, label: d.day, row: d }))}
            />
          </Card>
          <Card title={t("byModel")}>
            <StatsTable
              caption={t("byModelCaption")}
              firstHeader={t("model")}
              testId="usage-by-model"
              rows={data!.byModel.map((m) => ({ key: m.id ?? "none", label: m.id ?? t("noModel"), row: m }))}
            />
          </Card>
          <Card title={t("byKey")}>
            <StatsTable
              caption={t("byKeyCaption")}
              firstHeader={t("key")}
              testId="usage-by-key"
              rows={data!.byKey.map((k) => ({ key: k.id ?? "none", label: keyLabel(k.id), row: k }))}
            />
          </Card>
        </div>
      )}
    </>
  );
}
