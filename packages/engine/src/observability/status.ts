/**
 * The public status block (docs/api.md#status-block), computed from real traffic: the request log (every API
 * request with its status and latency) and the generations table (terminal status and code).
 *
 * What counts:
 * - A platform failure is an API response with a 5xx status, or a generation that failed for a
 *   reason on our side: any failure code except the caller-caused ones (reference_fetch_failed,
 *   content_policy_violation). That is render_failed, upstream_error, timeout, and a failure
 *   without a code.
 * - User errors (4xx responses, caller-caused generation failures) count neither for nor
 *   against the success rate: they are left out of it. Canceled generations too, and
 *   concatenations (POST /api/v1/videos/concat: no generation was made).
 * - Success rate = 1 - platform failures / (API responses that were not 4xx + generations
 *   that completed or failed for a platform reason), over the last 90 UTC days including today;
 *   truncated (not rounded) to 2 decimals so any failure shows below 100.00%. "100.00%" when
 *   there is nothing to count.
 * - Average response time = mean request-log latency over the same 90 days, in whole ms;
 *   "no data" when there were no requests.
 * - Indicator, over the last STATUS_WINDOW_MINUTES (15) minutes, with f = platform failures and
 *   r = f / counted events:
 *     outage    when f >= 5 and r >= 50 %
 *     degraded  when f >= 2 and r >= 5 %, or f >= 10 whatever the ratio
 *     stable    otherwise (a single failure is a blip, not a degradation).
 */
import { formatTimestamp, type ServiceStatusT, type StatusDayT, type StatusIndicator } from "@vgen/contracts";
import { NOT_A_CONCATENATION, type Db } from "@vgen/db";

const STATUS_DAYS = 90;
const STATUS_WINDOW_MINUTES = 15;
/** When the indicator reads degraded or outage (the status page words them in its own language). */
export const STATUS_THRESHOLDS = {
  outage: { minFailures: 5, minRatio: 0.5 },
  degraded: { minFailures: 2, minRatio: 0.05, anyRatioFailures: 10 },
} as const;
/** Failure codes caused by the caller's input: not a platform failure. */
const USER_FAILURE_CODES = ["reference_fetch_failed", "content_policy_violation"] as const;

const DAY_MS = 86_400_000;

interface Counts {
  failures: number;
  eligible: number;
}

/** `timestamp(3)` columns hold UTC wall time; compare against UTC wall-time text, whatever the session zone. */
function utcWall(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "99.95%": truncated to 2 decimals; "100.00%" when there is nothing to count. */
function formatSuccessRate(failures: number, eligible: number): string {
  if (eligible <= 0 || failures <= 0) return "100.00%";
  const basisPoints = Math.floor(((eligible - Math.min(failures, eligible)) * 10_000) / eligible);
  return `${(basisPoints / 100).toFixed(2)}%`;
}

function indicatorFor(failures: number, eligible: number): StatusIndicator {
  const ratio = eligible > 0 ? failures / eligible : failures > 0 ? 1 : 0;
  const { outage, degraded } = STATUS_THRESHOLDS;
  if (failures >= outage.minFailures && ratio >= outage.minRatio) return "outage";
  if ((failures >= degraded.minFailures && ratio >= degraded.minRatio) || failures >= degraded.anyRatioFailures)
    return "degraded";
  return "stable";
}

async function requestCounts(db: Db, since: Date) {
  return db.$queryRaw<{ day: string; requests: number; failures: number; eligible: number; latency_sum: number }[]>`
    SELECT to_char(created_at::date, 'YYYY-MM-DD') AS day,
           count(*)::int AS requests,
           (count(*) FILTER (WHERE status >= 500))::int AS failures,
           (count(*) FILTER (WHERE status < 400 OR status >= 500))::int AS eligible,
           coalesce(sum(latency_ms), 0)::float8 AS latency_sum
    FROM request_logs
    WHERE created_at >= ${utcWall(since)}::timestamp AND livemode
    GROUP BY 1`;
}

async function generationCounts(db: Db, since: Date) {
  const userCodes = [...USER_FAILURE_CODES];
  return db.$queryRaw<{ day: string; failures: number; eligible: number }[]>`
    SELECT to_char(completed_at::date, 'YYYY-MM-DD') AS day,
           (count(*) FILTER (WHERE status = 'failed' AND (error_code IS NULL OR NOT (error_code = ANY(${userCodes}::text[])))))::int AS failures,
           (count(*) FILTER (WHERE status = 'completed'
              OR (status = 'failed' AND (error_code IS NULL OR NOT (error_code = ANY(${userCodes}::text[]))))))::int AS eligible
    FROM generations
    WHERE completed_at IS NOT NULL AND completed_at >= ${utcWall(since)}::timestamp AND livemode AND ${NOT_A_CONCATENATION}
    GROUP BY 1`;
}

/** Computes the status block from the request log and the generations table. */
export async function computeStatus(db: Db, now: Date = new Date()): Promise<ServiceStatusT> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (STATUS_DAYS - 1) * DAY_MS);
  const windowStart = new Date(now.getTime() - STATUS_WINDOW_MINUTES * 60_000);

  const [reqDays, genDays, recentReq, recentGen] = await Promise.all([
    requestCounts(db, since),
    generationCounts(db, since),
    db.$queryRaw<{ requests: number; failures: number; eligible: number }[]>`
      SELECT count(*)::int AS requests,
             (count(*) FILTER (WHERE status >= 500))::int AS failures,
             (count(*) FILTER (WHERE status < 400 OR status >= 500))::int AS eligible
      FROM request_logs WHERE created_at >= ${utcWall(windowStart)}::timestamp AND livemode`,
    generationCounts(db, windowStart),
  ]);

  const byDay = new Map<string, { requests: number; req: Counts; gen: Counts; latencySum: number }>();
  const slot = (day: string) => {
    let s = byDay.get(day);
    if (!s) {
      s = { requests: 0, req: { failures: 0, eligible: 0 }, gen: { failures: 0, eligible: 0 }, latencySum: 0 };
      byDay.set(day, s);
    }
    return s;
  };
  for (const r of reqDays) {
    const s = slot(r.day);
    s.requests = Number(r.requests);
    s.req = { failures: Number(r.failures), eligible: Number(r.eligible) };
    s.latencySum = Number(r.latency_sum);
  }
  for (const g of genDays) slot(g.day).gen = { failures: Number(g.failures), eligible: Number(g.eligible) };

  const days: StatusDayT[] = [];
  let failures = 0;
  let eligible = 0;
  let requests = 0;
  let latencySum = 0;
  for (let i = 0; i < STATUS_DAYS; i++) {
    const date = utcDay(new Date(since.getTime() + i * DAY_MS));
    const s = byDay.get(date);
    const f = s ? s.req.failures + s.gen.failures : 0;
    const e = s ? s.req.eligible + s.gen.eligible : 0;
    failures += f;
    eligible += e;
    requests += s?.requests ?? 0;
    latencySum += s?.latencySum ?? 0;
    days.push({ date, requests: s?.requests ?? 0, platform_failures: f, success_rate: e > 0 ? formatSuccessRate(f, e) : null });
  }

  const rr = recentReq[0] ?? { requests: 0, failures: 0, eligible: 0 };
  const recentGenerations = recentGen.reduce((n, g) => n + Number(g.eligible), 0);
  const recentFailures = Number(rr.failures) + recentGen.reduce((n, g) => n + Number(g.failures), 0);
  const recentEligible = Number(rr.eligible) + recentGenerations;
  const { outage, degraded } = STATUS_THRESHOLDS;

  return {
    api_status: "in development",
    indicator: indicatorFor(recentFailures, recentEligible),
    success_rate: formatSuccessRate(failures, eligible),
    average_response_time: requests > 0 ? Math.round(latencySum / requests) : "no data",
    window_minutes: STATUS_WINDOW_MINUTES,
    recent: { requests: Number(rr.requests), generations: recentGenerations, platform_failures: recentFailures },
    thresholds: {
      degraded: `at least ${degraded.minFailures} platform failures making at least ${degraded.minRatio * 100}% of requests and generations in the last ${STATUS_WINDOW_MINUTES} minutes, or at least ${degraded.anyRatioFailures} whatever the share`,
      outage: `at least ${outage.minFailures} platform failures making at least ${outage.minRatio * 100}% of requests and generations in the last ${STATUS_WINDOW_MINUTES} minutes`,
    },
    days,
    updated_at: formatTimestamp(now),
  };
}
