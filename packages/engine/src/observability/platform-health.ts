import type { Db } from "@vgen/db";

/** A client or an open transaction: the figures are plain reads. */
type HealthDb = Pick<Db, "$queryRaw">;

/**
 * Platform-wide health figures read from the database, for the Prometheus gauges in metrics.ts.
 * They come from the tables rather than from counters in the process that did the work because
 * workers run in their own processes (compose's `ops worker`) that nobody scrapes: a web process
 * reports what every worker did. Each query is bounded by an index (docs/operations.md#alerts).
 */

/** The window of the "recent" figures: attempts that ended this long ago or less. */
const RECENT_WINDOW_SECONDS = 300;

/**
 * Route attempts ended within the window, by enabled route: how many, and how many failed (failed,
 * failed over, or abandoned with the outcome never learned; a cancel is no failure). Reads the
 * window's slice of the ended_at index.
 */
export async function recentRouteAttempts(db: HealthDb) {
  const rows = await db.$queryRaw<{ route: string; model: string; provider: string; attempts: bigint; failures: bigint }[]>`
    WITH recent AS (
      SELECT route_id, count(*) AS attempts,
             count(*) FILTER (WHERE outcome IN ('failed', 'failed_over', 'abandoned')) AS failures
      FROM route_attempts
      WHERE ended_at > now() - make_interval(secs => ${RECENT_WINDOW_SECONDS}) AND outcome <> 'canceled'
      GROUP BY route_id
    )
    SELECT r.id AS route, r.model_id AS model, r.provider,
           coalesce(recent.attempts, 0) AS attempts, coalesce(recent.failures, 0) AS failures
    FROM model_routes r LEFT JOIN recent ON recent.route_id = r.id
    WHERE r.enabled`;
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), failures: Number(r.failures) }));
}

/** Each enabled route's circuit breaker state (closed, open, half_open). */
export function routeBreakers(db: HealthDb) {
  return db.$queryRaw<{ route: string; model: string; provider: string; state: string }[]>`
    SELECT id AS route, model_id AS model, provider, breaker_state::text AS state FROM model_routes WHERE enabled`;
}

/** Per queue, how long the oldest accepted generation not yet started has waited (0 when none waits). */
export async function queueOldestWait(db: HealthDb) {
  const rows = await db.$queryRaw<{ queue: string; seconds: number }[]>`
    SELECT q.queue::text AS queue,
           coalesce(extract(epoch FROM now() - (
             SELECT min(g.created_at) FROM generations g
             WHERE g.status = 'processing' AND g.queue = q.queue AND g.started_at IS NULL
           )), 0)::float8 AS seconds
    FROM unnest(enum_range(NULL::"QueueName")) AS q(queue)`;
  return rows;
}

/** Automatic webhook attempts made within the window: delivered (a 2xx answer) and failed (anything else). */
export async function recentWebhookAttempts(db: HealthDb) {
  const [row] = await db.$queryRaw<{ delivered: bigint; failed: bigint }[]>`
    SELECT count(*) FILTER (WHERE response_status BETWEEN 200 AND 299) AS delivered,
           count(*) FILTER (WHERE response_status IS NULL OR response_status NOT BETWEEN 200 AND 299) AS failed
    FROM webhook_attempts
    WHERE created_at > now() - make_interval(secs => ${RECENT_WINDOW_SECONDS}) AND NOT manual`;
  return { delivered: Number(row?.delivered ?? 0), failed: Number(row?.failed ?? 0) };
}

/** The mail outbox: emails still queued, and the age of the oldest (0 when none). */
export async function mailOutboxBacklog(db: HealthDb) {
  const [row] = await db.$queryRaw<{ queued: bigint; oldest: number }[]>`
    SELECT count(*) AS queued, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
    FROM outbound_emails WHERE status = 'queued'`;
  return { queued: Number(row?.queued ?? 0), oldestSeconds: row?.oldest ?? 0 };
}

/**
 * Accounts whose balance is not the sum of their ledger entries: money moved without its entry, or
 * an entry without its move. Always 0 unless something is broken. It reads the whole ledger, so the
 * gauge runs it at most once per BALANCE_CHECK_INTERVAL_MS per process, not on every scrape.
 */
export async function accountsOffLedger(db: HealthDb): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n
    FROM accounts a
    LEFT JOIN (SELECT account_id, sum(amount_micros) AS total FROM ledger_entries GROUP BY account_id) l
      ON l.account_id = a.id
    WHERE a.balance_micros <> coalesce(l.total, 0)`;
  return Number(row?.n ?? 0);
}

export const BALANCE_CHECK_INTERVAL_MS = 300_000;
