"use client";

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import type { RouteFigures, StaffRoute } from "@vgen/engine/support";
import { when } from "@/components/console/format";
import { DataTable, Td } from "@/components/console/table";
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
            caption="Volume, failures, latency, upstream cost, revenue and margin per model and per route"
            testId="route-costs"
            head={[
              "Model / route",
              "Generations",
              "Attempts",
              "Failures",
              "Latency p50 / p95",
              "Upstream cost",
              "Revenue",
              "Margin",
              "Margin %",
              "Late successes",
            ]}
          >
            {routes.data.models.map((m) => {
              const row = stats.data.models.find((s) => s.modelId === m.id);
              if (!row) return null;
              return [
                <FiguresRow key={m.id} label={m.id} figures={row} strong testId={`costs-${m.id}`} />,
                ...row.routes.map((r) => {
                  const index = m.routes.findIndex((x) => x.id === r.routeId);
                  const label =
                    r.routeId === null ? "no route (failed over everywhere, or waiting)" : routeLabel(m.routes[index], index + 1);
                  return (
                    <FiguresRow
                      key={`${m.id}-${r.routeId}`}
                      label={label}
                      figures={r}
                      testId={`costs-route-${r.routeId ?? `${m.id}-none`}`}
                    />
                  );
                }),
              ];
            })}
            <FiguresRow label="All models" figures={stats.data.totals} strong testId="costs-total" />
          </DataTable>
          <p className="mt-3 text-xs text-slate-500">
            Revenue is read from the ledger: charges of these generations less their refunds. Margin = revenue − upstream cost.
            Late successes are generations that failed here but that the provider later finished (and may have billed).
          </p>
        </Card>
      )}
    </>
  );
}

function FiguresRow({
  label,
  figures: f,
  strong,
  testId,
}: {
  label: ReactNode;
  figures: RouteFigures;
  strong?: boolean;
  testId: string;
}) {
  const failures = FAILURES.filter(([key]) => f.outcomes[key] > 0);
  const failed = failures.reduce((s, [key]) => s + f.outcomes[key], 0);
  return (
    <tr data-testid={testId} className={strong ? "bg-slate-50 font-semibold" : ""}>
      <th scope="row" className={`whitespace-nowrap py-2 pr-4 text-left align-top ${strong ? "" : "pl-4 font-normal"}`}>
        <span className={strong ? "font-mono" : ""}>{label}</span>
      </th>
      <Td className="tabular-nums">{f.generations}</Td>
      <Td className="tabular-nums">{f.attempts}</Td>
      <Td className="tabular-nums">
        {failed}
        {failures.length > 0 && (
          <div className="text-xs font-normal text-slate-500">
            {failures.map(([key, name]) => `${name} ${f.outcomes[key]}`).join(" · ")}
          </div>
        )}
      </Td>
      <Td className="whitespace-nowrap tabular-nums">
        {duration(f.latencyP50Ms)} / {duration(f.latencyP95Ms)}
      </Td>
      <Td className="tabular-nums">{formatAmount(f.upstreamCostMicros)}</Td>
      <Td className="tabular-nums">{formatAmount(f.revenueMicros)}</Td>
      <Td className={`tabular-nums ${f.marginMicros < 0n ? "text-red-700" : ""}`}>{formatAmount(f.marginMicros)}</Td>
      <Td className="tabular-nums">{marginShare(f)}</Td>
      <Td className="tabular-nums">{f.lateSuccesses > 0 ? <Badge tone="amber">{f.lateSuccesses}</Badge> : 0}</Td>
    </tr>
  );
}
