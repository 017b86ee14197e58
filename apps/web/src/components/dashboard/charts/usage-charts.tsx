"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatAmount } from "@vgen/contracts";

/** One day of the charts; spend stays integer micro-dollars (a JS number only as a plot coordinate). */
export interface ChartDay {
  day: string;
  accepted: number;
  refused: number;
  spendMicros: bigint;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

// Colours chosen for contrast on white (WCAG AA for graphics) and told apart by more than hue (patterns/dashes).
const COLORS = { accepted: "#047857", refused: "#b91c1c", spend: "#1d4ed8", p50: "#334155", p95: "#b45309" };

const shortDay = (day: string) => day.slice(5);
const usdTick = (v: number) => formatAmount(BigInt(Math.round(v)));

function ChartFrame({
  title,
  summary,
  children,
  testId,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <figcaption className="mb-3 text-sm font-semibold text-slate-900">{title}</figcaption>
      <div role="img" aria-label={`${title}. ${summary}`} className="h-56 w-full">
        {children}
      </div>
    </figure>
  );
}

const axis = { fontSize: 12, fill: "#475569" };

export function RequestsChart({ days }: { days: ChartDay[] }) {
  const t = useTranslations("charts");
  const data = days.map((d) => ({ day: shortDay(d.day), accepted: d.accepted, refused: d.refused }));
  const accepted = days.reduce((n, d) => n + d.accepted, 0);
  const refused = days.reduce((n, d) => n + d.refused, 0);
  return (
    <ChartFrame
      title={t("requestsTitle")}
      summary={t("requestsSummary", { accepted, refused, days: days.length })}
      testId="chart-requests"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="accepted" name={t("accepted")} stackId="r" fill={COLORS.accepted} isAnimationActive={false} />
          <Bar dataKey="refused" name={t("refused")} stackId="r" fill={COLORS.refused} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function SpendChart({ days }: { days: ChartDay[] }) {
  const t = useTranslations("charts");
  const data = days.map((d) => ({ day: shortDay(d.day), spend: Number(d.spendMicros) }));
  const total = days.reduce((n, d) => n + d.spendMicros, 0n);
  return (
    <ChartFrame
      title={t("spendTitle")}
      summary={t("spendSummary", { amount: formatAmount(total), days: days.length })}
      testId="chart-spend"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis tick={axis} tickLine={false} axisLine={false} tickFormatter={usdTick} width={64} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} formatter={(v) => usdTick(Number(v))} />
          <Bar dataKey="spend" name={t("spend")} fill={COLORS.spend} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function LatencyChart({ days }: { days: ChartDay[] }) {
  const t = useTranslations("charts");
  const data = days.map((d) => ({ day: shortDay(d.day), p50: d.latencyP50Ms, p95: d.latencyP95Ms }));
  const withData = days.filter((d) => d.latencyP50Ms !== null).length;
  return (
    <ChartFrame title={t("latencyTitle")} summary={t("latencySummary", { days: withData })} testId="chart-latency">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis tick={axis} tickLine={false} axisLine={false} unit={t("ms")} width={64} />
          <Tooltip formatter={(v) => `${v}${t("ms")}`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="p50"
            name="p50"
            stroke={COLORS.p50}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="p95"
            name="p95"
            stroke={COLORS.p95}
            strokeWidth={2}
            strokeDasharray="5 3"
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
