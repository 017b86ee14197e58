import { Prisma, type Db } from "@vgen/db";

/** The public API path whose requests the statistics count (generation requests). */
export const GENERATION_REQUEST_PATH = "/api/v1/videos/generations";
export const USAGE_RANGES = [7, 30, 90] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

export interface UsageRow {
  /** Generation requests received (POST /api/v1/videos/generations). */
  requests: number;
  /** Requests answered 2xx (a generation was accepted). */
  accepted: number;
  /** Requests answered with an error. */
  refused: number;
  /** Refusals by error code ("unknown" when no code was recorded). */
  refusedByCode: Record<string, number>;
  completed: number;
  failed: number;
  canceled: number;
  /** Generations still processing. */
  processing: number;
  /** Billed seconds of completed generations. */
  billedSeconds: number;
  /** Charged micro-dollars of completed generations. */
  spendMicros: bigint;
  /** Latency percentiles of the requests in milliseconds; null when there were none. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

export interface UsageDay extends UsageRow {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface UsageGroup extends UsageRow {
  /** Model id or API key id; null for requests that named no (known) model or no key. */
  id: string | null;
}

export interface UsageStats {
  from: Date;
  to: Date;
  days: UsageDay[];
  byModel: UsageGroup[];
  byKey: UsageGroup[];
  totals: UsageRow;
}

export interface UsageQuery {
  accountId: string;
  /** Number of calendar days (UTC), today included. */
  days: number;
  modelId?: string | null;
  apiKeyId?: string | null;
  now?: Date;
}

const DAY_MS = 86_400_000;

function emptyRow(): UsageRow {
  return {
    requests: 0,
    accepted: 0,
    refused: 0,
    refusedByCode: {},
    completed: 0,
    failed: 0,
    canceled: 0,
    processing: 0,
    billedSeconds: 0,
    spendMicros: 0n,
    latencyP50Ms: null,
    latencyP95Ms: null,
  };
}

/** First instant (UTC) of the window of `days` calendar days ending today. */
export function usageWindow(days: number, now = new Date()): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - (days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
}

type Dim = "day" | "model" | "key" | "total";

/** The grouping columns every aggregate row carries (GROUPING SETS by day, model and key). */
interface GroupedRow {
  g_day: number;
  g_model: number;
  g_key: number;
  day: string | null;
  model_id: string | null;
  api_key_id: string | null;
}

interface RequestAgg extends GroupedRow {
  requests: number;
  accepted: number;
  refused: number;
  p50: number | null;
  p95: number | null;
}

interface CodeAgg extends GroupedRow {
  error_code: string | null;
  n: number;
}

interface GenerationAgg extends GroupedRow {
  completed: number;
  failed: number;
  canceled: number;
  processing: number;
  billed_seconds: number;
  spend: bigint;
}

/** Which grouping set a row belongs to (GROUPING() is 1 for a column rolled up in that row). */
function dimOf(r: GroupedRow): Dim {
  if (r.g_day === 0) return "day";
  if (r.g_model === 0) return "model";
  if (r.g_key === 0) return "key";
  return "total";
}

function keyOf(dim: Dim, r: GroupedRow): string {
  if (dim === "day") return r.day!;
  if (dim === "model") return r.model_id ?? "\u0000";
  if (dim === "key") return r.api_key_id ?? "\u0000";
  return "";
}

/**
 * Request statistics of one account from its recorded rows: request_logs for generation requests
 * (accepted, refused by code, latency p50/p95 with percentile_cont) and generations for outcomes,
 * billed seconds and spend. Everything is bucketed by the UTC day the request was received.
 */
export async function usageStats(db: Db, q: UsageQuery): Promise<UsageStats> {
  const { from, to } = usageWindow(q.days, q.now);
  const reqFilters = [
    Prisma.sql`account_id = ${q.accountId}`,
    Prisma.sql`method = 'POST'`,
    // A literal, not a parameter: it must match the predicate of the partial index these queries read.
    Prisma.raw(`path = '${GENERATION_REQUEST_PATH}'`),
    Prisma.sql`created_at >= ${from}`,
    Prisma.sql`created_at < ${to}`,
  ];
  const genFilters = [Prisma.sql`account_id = ${q.accountId}`, Prisma.sql`created_at >= ${from}`, Prisma.sql`created_at < ${to}`];
  if (q.modelId) {
    reqFilters.push(Prisma.sql`model_id = ${q.modelId}`);
    genFilters.push(Prisma.sql`model_id = ${q.modelId}`);
  }
  if (q.apiKeyId) {
    reqFilters.push(Prisma.sql`api_key_id = ${q.apiKeyId}`);
    genFilters.push(Prisma.sql`api_key_id = ${q.apiKeyId}`);
  }
  const reqWhere = Prisma.join(reqFilters, " AND ");
  const genWhere = Prisma.join(genFilters, " AND ");
  // Grouped by the date (4 bytes, cheap to hash and sort) and formatted once per group, not per row.
  const day = Prisma.sql`created_at::date`;
  const sets = Prisma.sql`GROUPING SETS ((${day}), (model_id), (api_key_id), ())`;
  const grouping = Prisma.sql`GROUPING(${day})::int AS g_day, GROUPING(model_id)::int AS g_model, GROUPING(api_key_id)::int AS g_key,
    to_char(${day}, 'YYYY-MM-DD') AS day, model_id, api_key_id`;

  const [requestRows, codeRows, generationRows] = await Promise.all([
    db.$queryRaw<RequestAgg[]>`
      SELECT ${grouping},
        count(*)::int AS requests,
        count(*) FILTER (WHERE status < 400)::int AS accepted,
        count(*) FILTER (WHERE status >= 400)::int AS refused,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95
      FROM request_logs WHERE ${reqWhere}
      GROUP BY ${sets}`,
    db.$queryRaw<CodeAgg[]>`
      SELECT ${grouping}, error_code, count(*)::int AS n
      FROM request_logs WHERE ${reqWhere} AND status >= 400
      GROUP BY GROUPING SETS ((${day}, error_code), (model_id, error_code), (api_key_id, error_code), (error_code))`,
    db.$queryRaw<GenerationAgg[]>`
      SELECT ${grouping},
        count(*) FILTER (WHERE status = 'completed')::int AS completed,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE status = 'canceled')::int AS canceled,
        count(*) FILTER (WHERE status = 'processing')::int AS processing,
        coalesce(sum(billed_seconds) FILTER (WHERE status = 'completed'), 0)::int AS billed_seconds,
        coalesce(sum(cost_micros) FILTER (WHERE status = 'completed'), 0)::bigint AS spend
      FROM generations WHERE ${genWhere}
      GROUP BY ${sets}`,
  ]);

  const maps: Record<Dim, Map<string, UsageRow>> = {
    day: new Map(),
    model: new Map(),
    key: new Map(),
    total: new Map([["", emptyRow()]]),
  };
  const rowFor = (dim: Dim, key: string) => {
    let row = maps[dim].get(key);
    if (!row) {
      row = emptyRow();
      maps[dim].set(key, row);
    }
    return row;
  };
  for (const r of requestRows) {
    const dim = dimOf(r);
    const row = rowFor(dim, keyOf(dim, r));
    row.requests = r.requests;
    row.accepted = r.accepted;
    row.refused = r.refused;
    row.latencyP50Ms = r.p50 === null ? null : Math.round(Number(r.p50));
    row.latencyP95Ms = r.p95 === null ? null : Math.round(Number(r.p95));
  }
  for (const r of codeRows) {
    const dim = dimOf(r);
    const row = rowFor(dim, keyOf(dim, r));
    row.refusedByCode[r.error_code ?? "unknown"] = r.n;
  }
  for (const r of generationRows) {
    const dim = dimOf(r);
    const row = rowFor(dim, keyOf(dim, r));
    row.completed = r.completed;
    row.failed = r.failed;
    row.canceled = r.canceled;
    row.processing = r.processing;
    row.billedSeconds = r.billed_seconds;
    row.spendMicros = BigInt(r.spend);
  }

  const days: UsageDay[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
    const d = new Date(t).toISOString().slice(0, 10);
    days.push({ day: d, ...(maps.day.get(d) ?? emptyRow()) });
  }
  const groups = (m: Map<string, UsageRow>): UsageGroup[] =>
    [...m.entries()]
      .map(([id, row]) => ({ id: id === "\u0000" ? null : id, ...row }))
      .sort((a, b) => b.requests - a.requests || b.completed - a.completed || String(a.id).localeCompare(String(b.id)));
  return { from, to, days, byModel: groups(maps.model), byKey: groups(maps.key), totals: maps.total.get("")! };
}
