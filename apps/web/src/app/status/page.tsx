import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import Link from "next/link";
import type { ServiceStatusT, StatusDayT } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { computeStatus, STATUS_THRESHOLDS } from "@vgen/engine/observability";
import { logger } from "@vgen/engine/platform";
import { SiteHeader } from "@/components/site-header";
import { DataTable } from "@/components/ui/data-table";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statusPage");
  return { title: t("title"), description: t("description") };
}

type T = Awaited<ReturnType<typeof getTranslations<"statusPage">>>;

const INDICATOR = {
  stable: {
    label: "stable",
    text: "stableText",
    dot: "bg-emerald-500",
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
  },
  degraded: {
    label: "degraded",
    text: "degradedText",
    dot: "bg-amber-500",
    box: "border-amber-200 bg-amber-50 text-amber-900",
  },
  outage: {
    label: "outage",
    text: "outageText",
    dot: "bg-red-500",
    box: "border-red-200 bg-red-50 text-red-900",
  },
} as const;

/** The API's release stage (GET /api/v1/status `api_status`), in the page's language. */
const STAGE = { "in development": "inDevelopment" } as const;

function barColor(day: StatusDayT): string {
  if (day.success_rate === null) return "fill-slate-200";
  const rate = Number.parseFloat(day.success_rate);
  if (rate >= 99.9) return "fill-emerald-500";
  if (rate >= 95) return "fill-amber-400";
  return "fill-red-500";
}

function dayLabel(day: StatusDayT, t: T): string {
  return t("dayLabel", {
    date: day.date,
    requests: day.requests,
    failures: day.platform_failures,
    rate: day.success_rate ?? t("noTraffic"),
  });
}

/** 90 daily bars: colour by success rate, height by traffic (a stub height on quiet days). */
function DailyBars({ days, t }: { days: StatusDayT[]; t: T }) {
  const W = 6;
  const GAP = 2;
  const H = 48;
  const max = Math.max(1, ...days.map((d) => d.requests));
  const failing = days.filter((d) => d.platform_failures > 0).length;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${days.length * (W + GAP) - GAP} ${H}`}
        preserveAspectRatio="none"
        className="h-16 w-full"
        role="img"
        aria-label={t("barsLabel", { days: days.length, failing })}
        data-testid="status-bars"
      >
        {days.map((d, i) => {
          const h = d.requests === 0 ? H * 0.35 : Math.max(H * 0.35, (d.requests / max) * H);
          return (
            <rect
              key={d.date}
              x={i * (W + GAP)}
              y={H - h}
              width={W}
              height={h}
              rx={1.5}
              className={`${barColor(d)} hover:opacity-70`}
              data-date={d.date}
            >
              <title>{dayLabel(d, t)}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex justify-between text-xs text-slate-500">
        <span>{t("daysAgo", { days: days.length })}</span>
        <span className="flex items-center gap-3">
          <Legend className="bg-emerald-500" label="≥ 99.9%" />
          <Legend className="bg-amber-400" label="≥ 95%" />
          <Legend className="bg-red-500" label="< 95%" />
          <Legend className="bg-slate-200" label={t("noTraffic")} />
        </span>
        <span>{t("today")}</span>
      </figcaption>
    </figure>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden className={`inline-block h-2.5 w-2.5 rounded-sm ${className}`} />
      {label}
    </span>
  );
}

function Metric({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {/* A second dd, not a p: a definition list holds only dt and dd groups (axe: definition-list). */}
      <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

export default async function StatusPage() {
  const t = await getTranslations("statusPage");
  let status: ServiceStatusT | null = null;
  try {
    status = await computeStatus(getDb());
  } catch (err) {
    logger.error({ err }, "status page could not compute the status");
  }

  return (
    <>
      <SiteHeader current="status" />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-5xl px-6 py-10">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
        {status === null ? (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            {t("unavailable")}
          </div>
        ) : (
          <>
            <div
              className={`mt-6 flex items-center gap-4 rounded-xl border p-5 ${INDICATOR[status.indicator].box}`}
              data-testid="status-indicator"
            >
              <span className="relative flex h-3 w-3" aria-hidden>
                <span
                  className={`absolute inline-flex h-full w-full animate-ping rounded-full opacity-40 ${INDICATOR[status.indicator].dot}`}
                />
                <span className={`relative inline-flex h-3 w-3 rounded-full ${INDICATOR[status.indicator].dot}`} />
              </span>
              <div>
                <p className="text-lg font-semibold">
                  <span className="sr-only">{t("indicator")}</span>
                  {t(INDICATOR[status.indicator].label)}
                </p>
                <p className="text-sm opacity-80">{t(INDICATOR[status.indicator].text)}</p>
              </div>
            </div>

            <dl className="mt-6 grid gap-4 sm:grid-cols-3">
              <Metric label={t("apiStatus")} value={t(STAGE[status.api_status])} hint={t("version")} testId="api-status" />
              <Metric label={t("successRate")} value={status.success_rate} hint={t("successRateHint")} testId="success-rate" />
              <Metric
                label={t("responseTime")}
                value={
                  status.average_response_time === "no data"
                    ? t("noData")
                    : t("ms", { value: String(status.average_response_time) })
                }
                hint={t("responseTimeHint")}
                testId="response-time"
              />
            </dl>

            <section aria-labelledby="history" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="mb-4 flex items-baseline justify-between">
                <h2 id="history" className="font-semibold text-slate-900">
                  {t("last90")}
                </h2>
                <span className="text-xs text-slate-500">{t("barsHint")}</span>
              </div>
              <DailyBars days={status.days} t={t} />
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-slate-600 hover:text-slate-900">{t("dailyFigures")}</summary>
                <div className="mt-3">
                  <DataTable
                    label={t("dailyFigures")}
                    bleed={false}
                    stickyHeader
                    regionClassName="max-h-72 overflow-y-auto"
                    rows={[...status.days].reverse()}
                    rowKey={(d) => d.date}
                    columns={[
                      { id: "date", header: t("date"), className: "font-mono", cell: (d) => d.date },
                      { id: "requests", header: t("requests"), numeric: true, className: "font-mono", cell: (d) => d.requests },
                      {
                        id: "failures",
                        header: t("platformFailures"),
                        numeric: true,
                        className: "font-mono",
                        cell: (d) => d.platform_failures,
                      },
                      {
                        id: "rate",
                        header: t("rate"),
                        numeric: true,
                        className: "font-mono",
                        cell: (d) => d.success_rate ?? "—",
                      },
                    ]}
                  />
                </div>
              </details>
            </section>

            <section className="mt-8 text-sm leading-relaxed text-slate-600">
              <h2 className="font-semibold text-slate-900">{t("howMeasured")}</h2>
              <p className="mt-2">
                {t.rich("measured", {
                  minutes: status.window_minutes,
                  // The API's `thresholds` are English text; the page words the same figures in its language.
                  degraded: t("thresholdDegraded", {
                    failures: STATUS_THRESHOLDS.degraded.minFailures,
                    percent: STATUS_THRESHOLDS.degraded.minRatio * 100,
                    minutes: status.window_minutes,
                    anyFailures: STATUS_THRESHOLDS.degraded.anyRatioFailures,
                  }),
                  outage: t("thresholdOutage", {
                    failures: STATUS_THRESHOLDS.outage.minFailures,
                    percent: STATUS_THRESHOLDS.outage.minRatio * 100,
                    minutes: status.window_minutes,
                  }),
                  updated: status.updated_at,
                  em: (chunks) => <em>{chunks}</em>,
                  strong: (chunks) => <strong>{chunks}</strong>,
                  render: (chunks) => (
                    <a className="text-blue-700 underline underline-offset-2 hover:text-blue-900" href="/errors#render_failed">
                      {chunks}
                    </a>
                  ),
                  upstream: (chunks) => (
                    <a className="text-blue-700 underline underline-offset-2 hover:text-blue-900" href="/errors#upstream_error">
                      {chunks}
                    </a>
                  ),
                  timeout: (chunks) => (
                    <a className="text-blue-700 underline underline-offset-2 hover:text-blue-900" href="/errors#timeout">
                      {chunks}
                    </a>
                  ),
                  catalog: (chunks) => (
                    <Link href="/errors" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
                      {chunks}
                    </Link>
                  ),
                  api: (chunks) => (
                    <a href="/api/v1/status" className="font-mono text-blue-700 underline underline-offset-2 hover:text-blue-900">
                      {chunks}
                    </a>
                  ),
                })}
              </p>
            </section>
          </>
        )}
      </main>
    </>
  );
}
