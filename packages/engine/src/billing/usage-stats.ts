import { NOT_A_CONCATENATION, Prisma, type Db } from "@vgen/db";

/** The public API path whose requests the statistics count (generation requests). */
export const GENERATION_REQUEST_PATH = "/api/v1/videos/generations";
export const USAGE_RANGES = [7, 30, 90] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

export interface UsageRow {
  /** Generation requests: the accepted ones plus the refused ones. */
  requests: number;
  /**
   * Generations accepted, each once whatever its source (API key or playground) and however often
   * an idempotent retry replayed it.
   */
  accepted: number;
  /** API generation requests answered with an error (POST /api/v1/videos/generations). */
  refused: number;
  /** Refusals by error code ("unknown" when no code was recorded). */
  refusedByCode: Record<string, number>;
  /** Outcomes of the accepted generations (so completed ≤ accepted in any period). */
  completed: number;
  failed: number;
  canceled: number;
  /** Generations still processing. */
  processing: number;
  /** Billed seconds of the charges booked in the period, as the monthly statement counts them. */
  billedSeconds: number;
  /** The ledger's charges less its refunds booked in the period, as the monthly statement counts them. */
  spendMicros: bigint;
  /** Latency percentiles of the API requests in milliseconds; null when there were none. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

export interface UsageDay extends UsageRow {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface UsageGroup extends UsageRow {
  /** Model id or API key id; null for requests that named no (known) model, or for the playground (no key). */
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
  /** One project's figures (docs/api.md#projects). */
  projectId?: string | null;
  now?: Date;
}

export interface UsageSpanQuery {
  accountId: string;
  /** Midnight UTC, inclusive. */
  from: Date;
  /** Midnight UTC, exclusive. */
  to: Date;
  modelId?: string | null;
  apiKeyId?: string | null;
  projectId?: string | null;
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
  refused: number;
  p50: number | null;
  p95: number | null;
}

interface CodeAgg extends GroupedRow {
  error_code: string | null;
  n: number;
}

interface GenerationAgg extends GroupedRow {
  accepted: number;
  completed: number;
  failed: number;
  canceled: number;
  processing: number;
}

interface MoneyAgg extends GroupedRow {
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
 * Request statistics of one account from its recorded rows. Generations give what was accepted and
 * its outcomes, bucketed by the UTC day they were accepted; request_logs give the API requests
 * refused (by code) and the latency p50/p95 (percentile_cont); the ledger gives spend and billed
 * seconds, bucketed by the UTC day each charge or refund was booked, so a month's spend is its
 * statement's total.
 */
export function usageStats(db: Db, q: UsageQuery): Promise<UsageStats> {
  return usageBetween(db, { ...q, ...usageWindow(q.days, q.now) });
}

/** The same statistics for any span of whole UTC days, [from, to) (a calendar month, for one). */
export async function usageBetween(db: Db, q: UsageSpanQuery): Promise<UsageStats> {
  const { from, to } = q;
  const reqFilters = [
    Prisma.sql`account_id = ${q.accountId}`,
    Prisma.sql`method = 'POST'`,
    // A literal, not a parameter: it must match the predicate of the partial index these queries read.
    Prisma.raw(`path = '${GENERATION_REQUEST_PATH}'`),
    Prisma.sql`created_at >= ${from}`,
    Prisma.sql`created_at < ${to}`,
    // Live figures only: test-mode requests and generations (docs/api.md#test-mode) count nowhere.
    Prisma.sql`livemode`,
  ];
  const genFilters = [
    Prisma.sql`account_id = ${q.accountId}`,
    Prisma.sql`created_at >= ${from}`,
    Prisma.sql`created_at < ${to}`,
    Prisma.sql`livemode`,
    // A concatenation is a record of its own but no generation request.
    NOT_A_CONCATENATION,
  ];
  const moneyFilters = [
    Prisma.sql`l.account_id = ${q.accountId}`,
    Prisma.sql`l.type IN ('charge', 'refund')`,
    Prisma.sql`l.created_at >= ${from}`,
    Prisma.sql`l.created_at < ${to}`,
  ];
  if (q.modelId) {
    reqFilters.push(Prisma.sql`model_id = ${q.modelId}`);
    genFilters.push(Prisma.sql`model_id = ${q.modelId}`);
    moneyFilters.push(Prisma.sql`g.model_id = ${q.modelId}`);
  }
  if (q.apiKeyId) {
    reqFilters.push(Prisma.sql`api_key_id = ${q.apiKeyId}`);
    genFilters.push(Prisma.sql`api_key_id = ${q.apiKeyId}`);
    moneyFilters.push(Prisma.sql`g.api_key_id = ${q.apiKeyId}`);
  }
  if (q.projectId) {
    // Request logs name the key, not the project: the project's keys (of this account) stand for it.
    reqFilters.push(
      Prisma.sql`api_key_id IN (SELECT id FROM api_keys WHERE project_id = ${q.projectId} AND account_id = ${q.accountId})`,
    );
    genFilters.push(Prisma.sql`project_id = ${q.projectId}`);
    moneyFilters.push(Prisma.sql`g.project_id = ${q.projectId}`);
  }
  const reqWhere = Prisma.join(reqFilters, " AND ");
  const genWhere = Prisma.join(genFilters, " AND ");
  const moneyWhere = Prisma.join(moneyFilters, " AND ");
  // Grouped by the date (4 bytes, cheap to hash and sort) and formatted once per group, not per row.
  const day = Prisma.sql`created_at::date`;
  const sets = Prisma.sql`GROUPING SETS ((${day}), (model_id), (api_key_id), ())`;
  const grouping = Prisma.sql`GROUPING(${day})::int AS g_day, GROUPING(model_id)::int AS g_model, GROUPING(api_key_id)::int AS g_key,
    to_char(${day}, 'YYYY-MM-DD') AS day, model_id, api_key_id`;

  const [requestRows, codeRows, generationRows, moneyRows] = await Promise.all([
    db.$queryRaw<RequestAgg[]>`
      SELECT ${grouping},
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
        count(*)::int AS accepted,
        count(*) FILTER (WHERE status = 'completed')::int AS completed,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE status = 'canceled')::int AS canceled,
        count(*) FILTER (WHERE status = 'processing')::int AS processing
      FROM generations WHERE ${genWhere}
      GROUP BY ${sets}`,
    // Each booked entry with its generation's model and key, under the column names the grouping reads.
    db.$queryRaw<MoneyAgg[]>`
      SELECT ${grouping},
        coalesce(sum(billed_seconds) FILTER (WHERE type = 'charge'), 0)::int AS billed_seconds,
        coalesce(-sum(amount_micros), 0)::bigint AS spend
      FROM (
        SELECT l.created_at, l.type, l.amount_micros, g.model_id, g.api_key_id, g.billed_seconds
        FROM ledger_entries l JOIN generations g ON g.id = l.generation_id
        WHERE ${moneyWhere}
      ) booked
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
    row.accepted = r.accepted;
    row.completed = r.completed;
    row.failed = r.failed;
    row.canceled = r.canceled;
    row.processing = r.processing;
  }
  for (const r of moneyRows) {
    const dim = dimOf(r);
    const row = rowFor(dim, keyOf(dim, r));
    row.billedSeconds = r.billed_seconds;
    row.spendMicros = BigInt(r.spend);
  }
  for (const m of Object.values(maps)) for (const row of m.values()) row.requests = row.accepted + row.refused;

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
