"use client";

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import type { RouteFigures, StaffRoute } from "@vgen/engine/support";
import { when } from "@/components/console/format";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

const PERIODS = [
  { days: 1, label: "Last 24 hours" },
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
] as const;

/** Attempt outcomes that count as failures of the route, as staff read them. */
const FAILURES = [
  ["failed", "failed"],
  ["failed_over", "failed over"],
  ["abandoned", "abandoned"],
] as const;

/** "850 ms", "12.4 s", "—". */
function duration(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Margin as a share of revenue, one decimal: "32.8%"; "—" without revenue. */
function marginShare(f: RouteFigures): string {
  if (f.revenueMicros === 0n) return "—";
  const tenths = (f.marginMicros * 1000n) / f.revenueMicros;
  return `${(Number(tenths) / 10).toFixed(1)}%`;
}

function routeLabel(route: StaffRoute | undefined, position: number): ReactNode {
  if (!route) return "removed route";
  return (
    <>
      {position}. {route.provider}
      {route.upstreamModel && <div className="font-mono text-xs text-slate-500">{route.upstreamModel}</div>}
    </>
  );
}

export function RouteCosts() {
  const trpc = useTRPC();
  const [days, setDays] = useState(30);
  const routes = useQuery(trpc.support.routes.queryOptions());
  const stats = useQuery(trpc.support.routeStats.queryOptions({ days }));
  const error = routes.error ?? stats.error;
  return (
    <>
      <PageHeader
        title="Costs"
        description="Per model and per route: volume, failures, latency, what the providers charged us, what the ledger charged customers (less refunds), and the margin between them."
        actions={
          <div className="w-48">
            <SelectField id="costs-period" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {PERIODS.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </SelectField>
          </div>
        }
      />
      {error ? (
        <ErrorNote error={error} />
      ) : !routes.data || !stats.data ? (
        <Spinner />
      ) : (
        <Card
          title="Costs and margin"
          description={`${when(stats.data.from)} to ${when(stats.data.to)}: route attempts started in the period and the generations they served. A generation's money counts on the route it ended on.`}
        >
          <DataTable
            label="Volume, failures, latency, upstream cost, revenue and margin per model and per route"
            testId="route-costs"
            minWidth="min-w-[36rem]"
            rows={[
              ...routes.data.models.flatMap((m): FiguresRow[] => {
                const row = stats.data.models.find((s) => s.modelId === m.id);
                if (!row) return [];
                return [
                  { key: m.id, label: m.id, figures: row, strong: true, testId: `costs-${m.id}` },
                  ...row.routes.map((r) => {
                    const index = m.routes.findIndex((x) => x.id === r.routeId);
                    return {
                      key: `${m.id}-${r.routeId}`,
                      label:
                        r.routeId === null
                          ? "no route (failed over everywhere, or waiting)"
                          : routeLabel(m.routes[index], index + 1),
                      figures: r,
                      testId: `costs-route-${r.routeId ?? `${m.id}-none`}`,
                    };
                  }),
                ];
              }),
              { key: "total", label: "All models", figures: stats.data.totals, strong: true, testId: "costs-total" },
            ]}
            rowKey={(r) => r.key}
            rowAttributes={(r) => ({ "data-testid": r.testId, className: r.strong ? "bg-slate-50 font-semibold" : "" })}
            columns={FIGURE_COLUMNS}
          />
          <p className="mt-3 text-xs text-slate-500">
            Revenue is read from the ledger: charges of these generations less their refunds. Margin = revenue − upstream cost.
            Late successes are generations that failed here but that the provider later finished (and may have billed).
          </p>
        </Card>
      )}
    </>
  );
}

type FiguresRow = { key: string; label: ReactNode; figures: RouteFigures; strong?: boolean; testId: string };

const failuresOf = (f: RouteFigures) => FAILURES.filter(([key]) => f.outcomes[key] > 0);

const FIGURE_COLUMNS: Column<FiguresRow>[] = [
  {
    id: "label",
    header: "Model / route",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (r) => <span className={r.strong ? "font-mono" : "pl-4 font-normal"}>{r.label}</span>,
  },
  { id: "generations", header: "Generations", numeric: true, cell: (r) => r.figures.generations },
  { id: "attempts", header: "Attempts", numeric: true, cell: (r) => r.figures.attempts },
  {
    id: "failures",
    header: "Failures",
    numeric: true,
    cell: ({ figures: f }) => {
      const failures = failuresOf(f);
      return (
        <>
          {failures.reduce((s, [key]) => s + f.outcomes[key], 0)}
          {failures.length > 0 && (
            <div className="text-xs font-normal text-slate-500">
              {failures.map(([key, name]) => `${name} ${f.outcomes[key]}`).join(" · ")}
            </div>
          )}
        </>
      );
    },
  },
  {
    id: "latency",
    header: "Latency p50 / p95",
    numeric: true,
    className: "whitespace-nowrap",
    cell: ({ figures: f }) => `${duration(f.latencyP50Ms)} / ${duration(f.latencyP95Ms)}`,
  },
  { id: "upstreamCost", header: "Upstream cost", numeric: true, cell: (r) => formatAmount(r.figures.upstreamCostMicros) },
  { id: "revenue", header: "Revenue", numeric: true, cell: (r) => formatAmount(r.figures.revenueMicros) },
  {
    id: "margin",
    header: "Margin",
    numeric: true,
    cellClassName: (r) => (r.figures.marginMicros < 0n ? "text-red-700" : ""),
    cell: (r) => formatAmount(r.figures.marginMicros),
  },
  { id: "marginShare", header: "Margin %", numeric: true, cell: (r) => marginShare(r.figures) },
  {
    id: "lateSuccesses",
    header: "Late successes",
    numeric: true,
    cell: (r) => (r.figures.lateSuccesses > 0 ? <Badge tone="amber">{r.figures.lateSuccesses}</Badge> : 0),
  },
];
