import type { Metadata } from "next";
import Link from "next/link";
import type { ServiceStatusT, StatusDayT } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { computeStatus, logger } from "@vgen/engine/observability";
import { SiteHeader } from "@/components/site-header";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Status",
  description: "API status, success rate and response time of the vgen API over the last 90 days.",
};

const INDICATOR = {
  stable: {
    label: "Stable",
    text: "All systems operating normally.",
    dot: "bg-emerald-500",
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
  },
  degraded: {
    label: "Degraded",
    text: "Some requests or generations are failing on our side.",
    dot: "bg-amber-500",
    box: "border-amber-200 bg-amber-50 text-amber-900",
  },
  outage: {
    label: "Outage",
    text: "Most requests or generations are failing on our side.",
    dot: "bg-red-500",
    box: "border-red-200 bg-red-50 text-red-900",
  },
} as const;

function barColor(day: StatusDayT): string {
  if (day.success_rate === null) return "fill-slate-200";
  const rate = Number.parseFloat(day.success_rate);
  if (rate >= 99.9) return "fill-emerald-500";
  if (rate >= 95) return "fill-amber-400";
  return "fill-red-500";
}

function dayLabel(day: StatusDayT): string {
  const rate = day.success_rate ?? "no traffic";
  return `${day.date}: ${day.requests} request${day.requests === 1 ? "" : "s"}, ${day.platform_failures} platform failure${day.platform_failures === 1 ? "" : "s"}, success ${rate}`;
}

/** 90 daily bars: colour by success rate, height by traffic (a stub height on quiet days). */
function DailyBars({ days }: { days: StatusDayT[] }) {
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
        aria-label={`Daily success over the last ${days.length} days: ${failing === 0 ? "no day with platform failures" : `${failing} day${failing === 1 ? "" : "s"} with platform failures`}.`}
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
              <title>{dayLabel(d)}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex justify-between text-xs text-slate-500">
        <span>{days.length} days ago</span>
        <span className="flex items-center gap-3">
          <Legend className="bg-emerald-500" label="≥ 99.9%" />
          <Legend className="bg-amber-400" label="≥ 95%" />
          <Legend className="bg-red-500" label="< 95%" />
          <Legend className="bg-slate-200" label="no traffic" />
        </span>
        <span>Today</span>
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
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

export default async function StatusPage() {
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
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Status</h1>
        {status === null ? (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            Status data is temporarily unavailable. Try again in a moment.
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
                  <span className="sr-only">Indicator: </span>
                  {INDICATOR[status.indicator].label}
                </p>
                <p className="text-sm opacity-80">{INDICATOR[status.indicator].text}</p>
              </div>
            </div>

            <dl className="mt-6 grid gap-4 sm:grid-cols-3">
              <Metric label="API status" value={status.api_status} hint="Version /api/v1" testId="api-status" />
              <Metric
                label="Success rate, 90 days"
                value={status.success_rate}
                hint="Platform failures count against it; user errors (4xx) do not."
                testId="success-rate"
              />
              <Metric
                label="Average response time"
                value={status.average_response_time === "no data" ? "no data" : `${status.average_response_time} ms`}
                hint="Mean over all API requests in 90 days."
                testId="response-time"
              />
            </dl>

            <section aria-labelledby="history" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="mb-4 flex items-baseline justify-between">
                <h2 id="history" className="font-semibold text-slate-900">
                  Last 90 days
                </h2>
                <span className="text-xs text-slate-500">UTC days · bar height = requests · hover for details</span>
              </div>
              <DailyBars days={status.days} />
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Daily figures</summary>
                <div className="mt-3 max-h-72 overflow-y-auto">
                  <table className="w-full text-left text-xs">
                    <thead className="sticky top-0 bg-white text-slate-500">
                      <tr>
                        <th className="py-1 font-medium">Date</th>
                        <th className="py-1 text-right font-medium">Requests</th>
                        <th className="py-1 text-right font-medium">Platform failures</th>
                        <th className="py-1 text-right font-medium">Success rate</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 font-mono text-slate-700">
                      {[...status.days].reverse().map((d) => (
                        <tr key={d.date}>
                          <td className="py-1">{d.date}</td>
                          <td className="py-1 text-right">{d.requests}</td>
                          <td className="py-1 text-right">{d.platform_failures}</td>
                          <td className="py-1 text-right">{d.success_rate ?? "—"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </section>

            <section className="mt-8 text-sm leading-relaxed text-slate-600">
              <h2 className="font-semibold text-slate-900">How this is measured</h2>
              <p className="mt-2">
                A <em>platform failure</em> is an API response with a 5xx status, or a generation that failed on our side (
                <a className="text-blue-700 hover:underline" href="/errors#render_failed">
                  render_failed
                </a>
                ,{" "}
                <a className="text-blue-700 hover:underline" href="/errors#upstream_error">
                  upstream_error
                </a>
                ,{" "}
                <a className="text-blue-700 hover:underline" href="/errors#timeout">
                  timeout
                </a>
                ). Errors caused by the request (4xx, unreachable reference images, content policy) are left out. The indicator
                reads the last {status.window_minutes} minutes: <strong>degraded</strong> at {status.thresholds.degraded};{" "}
                <strong>outage</strong> at {status.thresholds.outage}. Codes are explained in the{" "}
                <Link href="/errors" className="text-blue-700 hover:underline">
                  error catalog
                </Link>
                ; the same data is at{" "}
                <a href="/api/v1/status" className="font-mono text-blue-700 hover:underline">
                  GET /api/v1/status
                </a>
                . Updated {status.updated_at}.
              </p>
            </section>
          </>
        )}
      </main>
    </>
  );
}
