"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatAmount } from "@vgen/contracts";
import { DailyBars } from "@/components/dashboard/charts/daily-bars";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge, EmptyState, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { statusTone } from "./requests/request-format";
import { UtcTime } from "@/components/ui/utc-time";

const GENERATION_TONES = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;

function Metric({ label, value, sub, testId }: { label: string; value: ReactNode; sub: ReactNode; testId: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-slate-600" data-testid={`${testId}-versus`}>
        {sub}
      </dd>
    </div>
  );
}

export function OverviewPanel() {
  const t = useTranslations("overview");
  const ts = useTranslations("status");
  const tu = useTranslations("units");
  const tn = useTranslations("nav");
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const summary = useQuery(trpc.overview.summary.queryOptions());
  if (me.isPending) return <Spinner />;
  if (me.error) return <ErrorNote error={me.error} />;
  const a = me.data;
  const s = summary.data;
  const micros = (v: number) => formatAmount(BigInt(v));
  const seconds = (v: number) => tu("seconds", { count: v });
  /** "+12% vs $3.00 in 2026-10", or the previous value when there is nothing to compare a ratio with. */
  const versus = (current: number, previous: number, period: string, format: (v: number) => string) => {
    if (previous === 0) return t("versusNone", { value: format(previous), period });
    const change = Math.round(((current - previous) / previous) * 100);
    return t("versus", { change: `${change > 0 ? "+" : ""}${change}%`, value: format(previous), period });
  };

  return (
    <>
      <PageHeader title={a.name ? t("welcomeName", { name: a.name }) : t("welcome")} description={t("description")} />
      <div className="grid gap-4 md:grid-cols-3">
        <Card title={t("availableBalance")}>
          <p className="text-3xl font-semibold tabular-nums" data-testid="overview-balance">
            {formatAmount(a.balanceMicros)}
          </p>
          <p className="mt-1 text-sm text-slate-500">{t("onHold", { amount: formatAmount(a.heldMicros) })}</p>
          <Link
            className="mt-3 inline-block rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
            href="/dashboard/invoices"
          >
            {t("addFunds")}
          </Link>
        </Card>
        <Card title={t("apiKey")}>
          <div data-testid="overview-key-status">
            {a.activeKeys === 0 ? (
              <p className="text-sm">
                <Badge tone="amber">{t("notIssued")}</Badge>{" "}
                <Link className="font-medium underline" href="/dashboard/quickstart">
                  {tn("quickstart")}
                </Link>
              </p>
            ) : (
              <p className="text-sm">
                <Badge tone="green">{t("active")}</Badge> {t("activeKeys", { count: a.activeKeys })} ·{" "}
                <Link className="underline" href="/dashboard/api-keys">
                  {t("manage")}
                </Link>
              </p>
            )}
            {a.testKeys > 0 && (
              <p className="mt-2 text-sm" data-testid="overview-test-keys">
                <Badge tone="blue">{t("testKeys", { count: a.testKeys })}</Badge>{" "}
                {t.rich("firstVideo", {
                  link: (chunks) => (
                    <Link className="font-medium underline" href="/dashboard/quickstart">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            )}
          </div>
        </Card>
        <Card title={t("account")}>
          <p className="break-words text-sm">{a.email}</p>
          <p className="mt-1 text-sm text-slate-500">{a.status === "active" ? t("accountActive") : t("accountSuspended")}</p>
        </Card>
      </div>

      {summary.isPending ? (
        <div className="mt-6">
          <Spinner label={t("loadingUsage")} />
        </div>
      ) : summary.error ? (
        <div className="mt-6">
          <ErrorNote error={summary.error} />
        </div>
      ) : s ? (
        <div className="mt-6 space-y-6">
          <Card
            title={t("thisMonth", { period: s.thisMonth.period })}
            description={t("thisMonthHint")}
            actions={
              <Link className="text-sm font-medium underline" href="/dashboard/usage">
                {tn("usage")}
              </Link>
            }
          >
            <dl className="mb-4 grid gap-4 sm:grid-cols-3">
              <Metric
                label={t("spend")}
                value={formatAmount(s.thisMonth.spendMicros)}
                sub={versus(Number(s.thisMonth.spendMicros), Number(s.lastMonth.spendMicros), s.lastMonth.period, micros)}
                testId="overview-month-spend"
              />
              <Metric
                label={t("billedSeconds")}
                value={seconds(s.thisMonth.billedSeconds)}
                sub={versus(s.thisMonth.billedSeconds, s.lastMonth.billedSeconds, s.lastMonth.period, seconds)}
                testId="overview-month-seconds"
              />
              <Metric
                label={t("generations")}
                value={s.thisMonth.generations}
                sub={versus(s.thisMonth.generations, s.lastMonth.generations, s.lastMonth.period, String)}
                testId="overview-month-generations"
              />
            </dl>
            <DailyBars
              title={t("spendPerDay", { period: s.thisMonth.period })}
              testId="overview-usage-chart"
              bars={s.days.map((d) => ({ day: d.day, value: Number(d.spendMicros), label: formatAmount(d.spendMicros) }))}
            />
          </Card>

          <div className="grid gap-4 lg:grid-cols-2">
            <Card title={t("recentGenerations")}>
              {s.recentGenerations.length === 0 ? (
                <EmptyState title={t("noGenerations")}>
                  {t.rich("tryPlayground", {
                    link: (chunks) => (
                      <Link className="font-medium underline" href="/dashboard/playground">
                        {chunks}
                      </Link>
                    ),
                  })}
                </EmptyState>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="overview-recent-generations">
                  {s.recentGenerations.map((g) => (
                    <li key={g.id} className="py-2 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge tone={GENERATION_TONES[g.status]}>{ts(g.status)}</Badge>
                        <Link
                          className="min-w-0 break-all font-mono text-xs underline"
                          href={`/dashboard/playground?id=${encodeURIComponent(g.id)}`}
                        >
                          {g.id}
                        </Link>
                      </div>
                      <p className="mt-1 truncate text-slate-700" title={g.prompt}>
                        {g.prompt}
                      </p>
                      <p className="text-xs text-slate-500">
                        {g.modelId} · {g.apiKeyId ? t("sourceApi") : tn("playground")} · <UtcTime value={g.createdAt} />
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card
              title={t("recentErrors")}
              actions={
                <Link className="text-sm font-medium underline" href="/dashboard/requests">
                  {t("allRequests")}
                </Link>
              }
            >
              {s.recentErrors.length === 0 ? (
                <EmptyState title={t("noErrors")} />
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="overview-recent-errors">
                  {s.recentErrors.map((r) => (
                    <li key={r.id} className="py-2 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                        <span className="font-mono text-xs">{r.errorCode ?? "—"}</span>
                      </div>
                      <Link
                        className="mt-1 block break-all font-mono text-xs underline"
                        href={`/dashboard/requests/${encodeURIComponent(r.id)}`}
                      >
                        {r.method} {r.path}
                      </Link>
                      <p className="text-xs text-slate-500">
                        <UtcTime value={r.createdAt} />
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      ) : null}
    </>
  );
}
