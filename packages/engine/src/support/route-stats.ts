// What each model and each of its routes did over a period, and what it earned and cost: the
// console's costs table (docs/operations.md#routes-and-providers). Money is integer micro-dollars;
// revenue is read from the ledger (charges less refunds), never from the generations' prices.
import { type Db, Prisma } from "@vgen/db";

/** How a route attempt ended (route_attempts.outcome); in_flight: not ended yet. */
export const ATTEMPT_OUTCOMES = [
  "completed",
  "failed",
  "failed_over",
  "abandoned",
  "canceled",
  "late_success",
  "in_flight",
  "other",
] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export interface RouteFigures {
  /** Route attempts started in the period. */
  attempts: number;
  outcomes: Record<AttemptOutcome, number>;
  /** Time from taking the route to the video, of the completed attempts, in milliseconds. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  /** Generations with an attempt started in the period (on a route, its current or last route). */
  generations: number;
  completed: number;
  failed: number;
  canceled: number;
  processing: number;
  /** Failed generations the upstream later reported as done (it may have billed us for them). */
  lateSuccesses: number;
  /** What the upstreams charged for these generations. */
  upstreamCostMicros: bigint;
  /** Their charges in the ledger, and the refunds of those charges. */
  chargedMicros: bigint;
  refundedMicros: bigint;
  /** Charged less refunded. */
  revenueMicros: bigint;
  /** Revenue less upstream cost. */
  marginMicros: bigint;
}

export interface RouteStatsRow extends RouteFigures {
  /** null: generations now on no route (failed over from every route, or waiting for one). */
  routeId: string | null;
}

export interface ModelStatsRow extends RouteFigures {
  modelId: string;
  /** Every route of the model, in the order they are tried, then the row of generations on no route. */
  routes: RouteStatsRow[];
}

export interface RouteStats {
  from: Date;
  to: Date;
  models: ModelStatsRow[];
  totals: RouteFigures;
}

const DAY_MS = 86_400_000;
export const DEFAULT_STATS_DAYS = 30;

interface Grouped {
  g_model: number;
  g_route: number;
  model_id: string | null;
  route_id: string | null;
}

interface AttemptAgg extends Grouped {
  position: number | null;
  attempts: number;
  completed: number;
  failed: number;
  failed_over: number;
  abandoned: number;
  canceled: number;
  late_success: number;
  in_flight: number;
  other: number;
  p50: number | null;
  p95: number | null;
}

interface GenerationAgg extends Grouped {
  generations: number;
  completed: number;
  failed: number;
  canceled: number;
  processing: number;
  late_successes: number;
  upstream_cost: bigint;
  charged: bigint;
  refunded: bigint;
}

function emptyFigures(): RouteFigures {
  return {
    attempts: 0,
    outcomes: Object.fromEntries(ATTEMPT_OUTCOMES.map((o) => [o, 0])) as Record<AttemptOutcome, number>,
    latencyP50Ms: null,
    latencyP95Ms: null,
    generations: 0,
    completed: 0,
    failed: 0,
    canceled: 0,
    processing: 0,
    lateSuccesses: 0,
    upstreamCostMicros: 0n,
    chargedMicros: 0n,
    refundedMicros: 0n,
    revenueMicros: 0n,
    marginMicros: 0n,
  };
}

/**
 * Per model and per route, over [from, to) (the last 30 days by default), counted from the route
 * attempts started in the period: one query over routes and their attempts (volume, outcomes,
 * latency), one over the generations those attempts served and their ledger entries (outcomes,
 * upstream cost, revenue). A generation's money counts on the route it ended on.
 */
export async function routeStats(db: Db, period: { from?: Date; to?: Date } = {}): Promise<RouteStats> {
  const to = period.to ?? new Date();
  const from = period.from ?? new Date(to.getTime() - DEFAULT_STATS_DAYS * DAY_MS);
  // Driven from the routes (a small table) so each route's attempts are read by (route_id, started_at).
  const inPeriod = Prisma.sql`a.route_id = r.id AND a.started_at >= ${from} AND a.started_at < ${to}`;
  const outcome = (name: string) => Prisma.sql`count(a.id) FILTER (WHERE a.outcome = ${name})::int`;
  const latency = Prisma.sql`extract(epoch FROM a.ended_at - a.started_at) * 1000`;
  const [attemptRows, generationRows] = await Promise.all([
    db.$queryRaw<AttemptAgg[]>`
      SELECT GROUPING(r.model_id)::int AS g_model, GROUPING(r.id)::int AS g_route, r.model_id, r.id AS route_id,
        min(r.position) AS position,
        count(a.id)::int AS attempts,
        ${outcome("completed")} AS completed,
        ${outcome("failed")} AS failed,
        ${outcome("failed_over")} AS failed_over,
        ${outcome("abandoned")} AS abandoned,
        ${outcome("canceled")} AS canceled,
        ${outcome("late_success")} AS late_success,
        count(a.id) FILTER (WHERE a.outcome IS NULL)::int AS in_flight,
        count(a.id) FILTER (WHERE a.outcome NOT IN ('completed', 'failed', 'failed_over', 'abandoned', 'canceled', 'late_success'))::int AS other,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${latency}) FILTER (WHERE a.outcome = 'completed') AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY ${latency}) FILTER (WHERE a.outcome = 'completed') AS p95
      FROM model_routes r LEFT JOIN route_attempts a ON ${inPeriod}
      GROUP BY GROUPING SETS ((r.model_id, r.id), (r.model_id), ())`,
    db.$queryRaw<GenerationAgg[]>`
      WITH served AS (SELECT DISTINCT a.generation_id FROM model_routes r JOIN route_attempts a ON ${inPeriod})
      SELECT GROUPING(g.model_id)::int AS g_model, GROUPING(g.route_id)::int AS g_route, g.model_id, g.route_id,
        count(*)::int AS generations,
        count(*) FILTER (WHERE g.status = 'completed')::int AS completed,
        count(*) FILTER (WHERE g.status = 'failed')::int AS failed,
        count(*) FILTER (WHERE g.status = 'canceled')::int AS canceled,
        count(*) FILTER (WHERE g.status = 'processing')::int AS processing,
        count(*) FILTER (WHERE g.late_success_at IS NOT NULL)::int AS late_successes,
        coalesce(sum(g.upstream_cost_micros), 0)::bigint AS upstream_cost,
        coalesce(sum(l.charged), 0)::bigint AS charged,
        coalesce(sum(l.refunded), 0)::bigint AS refunded
      FROM served s
      JOIN generations g ON g.id = s.generation_id
      CROSS JOIN LATERAL (
        SELECT coalesce(-sum(e.amount_micros) FILTER (WHERE e.type = 'charge'), 0) AS charged,
               coalesce(sum(e.amount_micros) FILTER (WHERE e.type = 'refund'), 0) AS refunded
        FROM ledger_entries e WHERE e.generation_id = g.id AND e.type IN ('charge', 'refund')
      ) l
      GROUP BY GROUPING SETS ((g.model_id, g.route_id), (g.model_id), ())`,
  ]);

  const totals = emptyFigures();
  const models = new Map<string, ModelStatsRow>();
  const modelRow = (id: string) => {
    let row = models.get(id);
    if (!row) {
      row = { modelId: id, ...emptyFigures(), routes: [] };
      models.set(id, row);
    }
    return row;
  };
  const routeRow = (model: ModelStatsRow, id: string | null) => {
    let row = model.routes.find((r) => r.routeId === id);
    if (!row) {
      row = { routeId: id, ...emptyFigures() };
      model.routes.push(row);
    }
    return row;
  };
  const rowOf = (r: Grouped): RouteFigures => {
    if (r.g_model === 1) return totals;
    const model = modelRow(r.model_id!);
    return r.g_route === 1 ? model : routeRow(model, r.route_id);
  };
  // Routes in the order they are tried; GROUPING SETS returns groups in no particular order.
  const ordered = [...attemptRows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const r of ordered) {
    const row = rowOf(r);
    row.attempts = r.attempts;
    for (const o of ATTEMPT_OUTCOMES) row.outcomes[o] = r[o];
    row.latencyP50Ms = r.p50 === null ? null : Math.round(Number(r.p50));
    row.latencyP95Ms = r.p95 === null ? null : Math.round(Number(r.p95));
  }
  for (const r of generationRows) {
    const row = rowOf(r);
    row.generations = r.generations;
    row.completed = r.completed;
    row.failed = r.failed;
    row.canceled = r.canceled;
    row.processing = r.processing;
    row.lateSuccesses = r.late_successes;
    row.upstreamCostMicros = BigInt(r.upstream_cost);
    row.chargedMicros = BigInt(r.charged);
    row.refundedMicros = BigInt(r.refunded);
    row.revenueMicros = row.chargedMicros - row.refundedMicros;
    row.marginMicros = row.revenueMicros - row.upstreamCostMicros;
  }
  return { from, to, models: [...models.values()].sort((a, b) => a.modelId.localeCompare(b.modelId)), totals };
}
