/**
 * Fills a migrated, empty database with a large history for the list and statistics benchmarks:
 * one heavy account holding a large share of every table and thousands of ordinary accounts,
 * spread uniformly over the last 90 days. Everything is generated inside PostgreSQL with
 * generate_series (no rows cross the wire), from a fixed random seed so runs are comparable.
 * Ids have the app's form (prefix + base58: md5 hex with its zeros, which base58 lacks, replaced),
 * so the cursors the lists return are accepted back.
 */
import type { Db, Tx } from "../../packages/db/src/index";

export const HEAVY_ACCOUNT = "acct_bench_heavy";

export interface ListsSeedOptions {
  /** Rows in generations, ledger_entries and request_logs each. */
  rows: number;
  /** Ordinary accounts next to the heavy one. */
  otherAccounts: number;
  /** Share of every table's rows that belongs to the heavy account (0..1). */
  heavyShare: number;
}

export interface SeedCounts {
  generations: number;
  ledger_entries: number;
  request_logs: number;
  webhook_deliveries: number;
  heavy: { generations: number; ledger_entries: number; request_logs: number; webhook_deliveries: number };
}

const HISTORY = "interval '90 days'";
/** Tables that get a million rows (their primary keys are rebuilt after the load). */
const LARGE_TABLES = ["generations", "ledger_entries", "request_logs", "webhook_deliveries", "webhook_attempts"];
const SEEDED_TABLES = [
  "accounts",
  "projects",
  "api_keys",
  "generations",
  "ledger_entries",
  "request_logs",
  "webhook_deliveries",
  "webhook_attempts",
];

/**
 * The statements, in order. `bench_src` is an unlogged scratch table of one row per generation (its
 * account, key, model, time and outcome): the ledger, the request log and the deliveries are
 * derived from it so they stay consistent (a charge belongs to a completed generation of the same
 * account, at the same millisecond as its hold release, as in a real completion).
 */
function statements(o: ListsSeedOptions): string[] {
  const n = o.rows;
  const others = o.otherAccounts;
  // Rows i with (i % 1000) < heavyPerMille belong to the heavy account; the rest round-robin over the others.
  const heavyPerMille = Math.round(o.heavyShare * 1000);
  const accountOf = (i: string) =>
    `CASE WHEN ${i} % 1000 < ${heavyPerMille} THEN '${HEAVY_ACCOUNT}' ELSE 'acct_bench_' || lpad((1 + (${i}::bigint * 7919) % ${others})::text, 6, '0') END`;
  const keyOf = (i: string) =>
    `CASE WHEN ${i} % 1000 < ${heavyPerMille} THEN 'key_bench_heavy_' || (${i} % 5) ELSE 'key_bench_' || lpad((1 + (${i}::bigint * 7919) % ${others})::text, 6, '0') END`;
  const models = "(ARRAY['gen-3.1-fast','gen-3.1-pro','gen-3-1080'])";
  const prices = "(ARRAY[150000,480000,320000])";
  const ledgerTriples = Math.floor((n * 0.99) / 3);
  const ledgerOthers = n - ledgerTriples * 3;
  const generationRequests = Math.round(n * 0.6);

  return [
    "SELECT setseed(0.42)",
    "SET LOCAL synchronous_commit = off",
    "SET LOCAL maintenance_work_mem = '256MB'",
    "SET LOCAL work_mem = '256MB'",
    // The rows are consistent by construction: skip the per-row foreign-key triggers.
    "SET LOCAL session_replication_role = replica",
    `INSERT INTO accounts (id, email, webhook_secret, balance_micros, created_at, updated_at)
     SELECT '${HEAVY_ACCOUNT}', 'heavy@bench.invalid', 'whsec_bench', 1000000000000, now() - ${HISTORY} - interval '1 day', now()
     UNION ALL
     SELECT 'acct_bench_' || lpad(i::text, 6, '0'), 'a' || i || '@bench.invalid', 'whsec_bench', 0, now() - ${HISTORY} - interval '1 day', now()
     FROM generate_series(1, ${others}) i`,
    // The triggers are off (replica): each account's default project, and its keys' and generations'
    // project, are written here as the triggers would ('proj_' || the account id).
    `INSERT INTO projects (id, account_id, name, is_default, created_at)
     SELECT 'proj_' || id, id, 'Default project', true, created_at FROM accounts
     WHERE id = '${HEAVY_ACCOUNT}' OR starts_with(id, 'acct_bench_')`,
    `INSERT INTO api_keys (id, account_id, project_id, name, prefix, hash, created_at)
     SELECT 'key_bench_heavy_' || k, '${HEAVY_ACCOUNT}', 'proj_${HEAVY_ACCOUNT}', 'key ' || k, 'vgk_h' || k, md5('heavy' || k), now() - ${HISTORY} - interval '1 day'
     FROM generate_series(0, 4) k
     UNION ALL
     SELECT 'key_bench_' || lpad(i::text, 6, '0'), 'acct_bench_' || lpad(i::text, 6, '0'), 'proj_acct_bench_' || lpad(i::text, 6, '0'), 'default', 'vgk_' || i, md5('other' || i), now() - ${HISTORY} - interval '1 day'
     FROM generate_series(1, ${others}) i`,
    `CREATE UNLOGGED TABLE bench_src AS
     SELECT g,
       'vid_' || translate(substr(md5('g' || g), 1, 22), '0', 'o') AS id,
       ${accountOf("g")} AS account_id,
       ${keyOf("g")} AS api_key_id,
       1 + g % 3 AS m,
       date_trunc('milliseconds', now() - random() * ${HISTORY}) AS at,
       random() AS r,
       1 + (g % 8) AS duration
     FROM generate_series(1, ${n}) g`,
    `INSERT INTO generations (id, account_id, api_key_id, project_id, model_id, status, prompt, duration, size, aspect_ratio, width, height,
       urls, webhook_url, price_micros_per_second, billed_seconds, cost_micros, queue, seed, progress, eta_seconds_at_accept,
       error_code, error_message, outputs, attempts, created_at, started_at, completed_at)
     SELECT id, account_id, api_key_id, 'proj_' || account_id, ${models}[m], st::"GenerationStatus",
       'A paper boat drifting down a rainy street, shot ' || g, duration, '720p', '16:9', 1280, 720,
       '{}', CASE WHEN g % 2 = 0 THEN 'https://hooks.bench.invalid/' || account_id END,
       ${prices}[m], greatest(duration, 4), greatest(duration, 4)::bigint * ${prices}[m],
       (CASE WHEN m = 2 THEN 'pro_priority' ELSE 'standard' END)::"QueueName", g % 100000,
       CASE WHEN st = 'completed' THEN 100 ELSE 0 END, 20,
       CASE WHEN st = 'failed' THEN 'render_failed' END, CASE WHEN st = 'failed' THEN 'The renderer stopped.' END,
       CASE WHEN st = 'completed'
         THEN jsonb_build_array(jsonb_build_object('index', 0, 'key', id || '.mp4', 'poster_key', NULL,
                'delivered_ms', duration * 1000, 'has_audio', false))
         ELSE '[]'::jsonb END, 1,
       at, at + interval '2 seconds', CASE WHEN st <> 'processing' THEN at + duration * interval '1 second' END
     FROM (SELECT *, CASE WHEN at > now() - interval '5 minutes' THEN 'processing'
                          WHEN r < 0.90 THEN 'completed' WHEN r < 0.96 THEN 'failed' ELSE 'canceled' END AS st
           FROM bench_src) s
     ORDER BY at`,
    // Three movements per generation (hold, its release, the charge), as a completed generation
    // writes them, and 1% top-ups, test credits and adjustments.
    `INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, generation_id, reference, reason, actor, created_at)
     SELECT * FROM (
       SELECT 'led_' || translate(substr(md5('l' || s.g || t.k), 1, 22), '0', 'o'), s.account_id, t.type::"LedgerType",
         CASE t.k WHEN 1 THEN c.cost ELSE -c.cost END,
         1000000000 - (s.g % 1000) * 1000, s.id, s.id, NULL, NULL,
         CASE t.k WHEN 0 THEN s.at ELSE s.at + s.duration * interval '1 second' END AS at
       FROM bench_src s
       CROSS JOIN LATERAL (SELECT greatest(s.duration, 4)::bigint * ${prices}[s.m] AS cost) c
       CROSS JOIN (VALUES (0, 'hold'), (1, 'hold_release'), (2, 'charge')) AS t(k, type)
       WHERE s.g <= ${ledgerTriples}
       UNION ALL
       SELECT 'led_' || translate(substr(md5('t' || i), 1, 22), '0', 'o'), ${accountOf("i")},
         (CASE WHEN i % 10 < 7 THEN 'top_up' WHEN i % 10 < 9 THEN 'test_credit' ELSE 'adjustment' END)::"LedgerType",
         20000000, 1000000000, NULL, 'inv_bench_' || i, CASE WHEN i % 10 = 9 THEN 'goodwill' END, CASE WHEN i % 10 = 9 THEN 'ops-cli' END,
         date_trunc('milliseconds', now() - random() * ${HISTORY})
       FROM generate_series(1, ${ledgerOthers}) i
     ) e
     ORDER BY at`,
    // 60% generation requests (8% of them refused), the rest result polls; 1% have no account (bad key).
    `INSERT INTO request_logs (id, request_id, account_id, api_key_id, model_id, method, path, status, error_code, generation_id, latency_ms, created_at)
     SELECT 'req_' || translate(substr(md5('r' || i), 1, 22), '0', 'o'), 'req_' || translate(substr(md5('r' || i), 1, 22), '0', 'o'),
       CASE WHEN i % 100 = 99 THEN NULL ELSE ${accountOf("i")} END,
       CASE WHEN i % 100 = 99 THEN NULL ELSE ${keyOf("i")} END,
       CASE WHEN i <= ${generationRequests} THEN ${models}[1 + i % 3] END,
       'POST', CASE WHEN i <= ${generationRequests} THEN '/api/v1/videos/generations' ELSE '/api/v1/videos/result' END,
       CASE WHEN i % 100 = 99 THEN 401
            WHEN i > ${generationRequests} THEN 200
            WHEN i % 25 = 1 THEN 402 WHEN i % 25 = 2 THEN 429 ELSE 202 END,
       CASE WHEN i % 100 = 99 THEN 'invalid_api_key'
            WHEN i > ${generationRequests} THEN NULL
            WHEN i % 25 = 1 THEN 'insufficient_balance' WHEN i % 25 = 2 THEN 'rate_limited' END,
       NULL, 20 + (random() * random() * 400)::int,
       date_trunc('milliseconds', now() - random() * ${HISTORY}) AS at
     FROM generate_series(1, ${n}) i
     ORDER BY at`,
    `INSERT INTO webhook_deliveries (id, account_id, generation_id, url, event_type, payload, status, attempt_count, delivered_at, created_at)
     SELECT 'whd_' || translate(substr(md5('d' || g), 1, 22), '0', 'o'), account_id, id, 'https://hooks.bench.invalid/' || account_id, 'video.completed',
       jsonb_build_object('id', id, 'status', 'completed'), 'delivered', 1, at + interval '10 seconds', at + interval '9 seconds'
     FROM bench_src WHERE g % 2 = 0
     ORDER BY at`,
    `INSERT INTO webhook_attempts (id, delivery_id, attempt_no, response_status, duration_ms, created_at)
     SELECT 'wha_' || translate(substr(md5('a' || g), 1, 22), '0', 'o'), 'whd_' || translate(substr(md5('d' || g), 1, 22), '0', 'o'), 1, 200, 40, at + interval '10 seconds'
     FROM bench_src WHERE g % 2 = 0
     ORDER BY at`,
    "DROP TABLE bench_src",
  ];
}

/**
 * Building an index once after the load is several times faster than maintaining it row by row
 * (and the large tables' primary keys are random text). Drops the seeded tables' secondary indexes
 * and the large tables' primary keys with the foreign keys that lean on them, and returns the
 * statements that put back exactly what was there (definitions read from the catalog).
 */
async function dropIndexesAndKeys(tx: Tx): Promise<string[]> {
  const indexes = await tx.$queryRawUnsafe<{ name: string; def: string }[]>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i
     WHERE i.indrelid = ANY ($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    SEEDED_TABLES,
  );
  const keys = await tx.$queryRawUnsafe<{ tbl: string; name: string; def: string; kind: string }[]>(
    `SELECT c.conrelid::regclass::text AS tbl, quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS def, c.contype::text AS kind
     FROM pg_constraint c
     WHERE (c.contype = 'p' AND c.conrelid = ANY ($1::regclass[])) OR (c.contype = 'f' AND c.confrelid = ANY ($1::regclass[]))`,
    LARGE_TABLES,
  );
  const foreign = keys.filter((k) => k.kind === "f");
  const primary = keys.filter((k) => k.kind === "p");
  for (const k of [...foreign, ...primary]) await tx.$executeRawUnsafe(`ALTER TABLE ${k.tbl} DROP CONSTRAINT ${k.name}`);
  for (const ix of indexes) await tx.$executeRawUnsafe(`DROP INDEX ${ix.name}`);
  return [
    ...primary.map((k) => `ALTER TABLE ${k.tbl} ADD CONSTRAINT ${k.name} ${k.def}`),
    ...indexes.map((ix) => ix.def),
    ...foreign.map((k) => `ALTER TABLE ${k.tbl} ADD CONSTRAINT ${k.name} ${k.def}`),
  ];
}

/**
 * Seeds the database behind `db` (already migrated, catalog seeded) and leaves it vacuumed and
 * analyzed, the steady state autovacuum keeps a long-lived table in (visibility map set,
 * statistics current).
 */
export async function seedLists(db: Db, o: ListsSeedOptions): Promise<SeedCounts> {
  // One transaction, so setseed() and every insert share a session (and a failed seed leaves nothing).
  await db.$transaction(
    async (tx) => {
      const rebuild = await dropIndexesAndKeys(tx);
      for (const sql of [...statements(o), ...rebuild]) await tx.$executeRawUnsafe(sql);
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
  await db.$executeRawUnsafe(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(", ")}`);
  const rows = await db.$queryRawUnsafe<Record<string, bigint>[]>(
    `SELECT
      (SELECT count(*) FROM generations) AS generations,
      (SELECT count(*) FROM ledger_entries) AS ledger_entries,
      (SELECT count(*) FROM request_logs) AS request_logs,
      (SELECT count(*) FROM webhook_deliveries) AS webhook_deliveries,
      (SELECT count(*) FROM generations WHERE account_id = $1) AS h_generations,
      (SELECT count(*) FROM ledger_entries WHERE account_id = $1) AS h_ledger_entries,
      (SELECT count(*) FROM request_logs WHERE account_id = $1) AS h_request_logs,
      (SELECT count(*) FROM webhook_deliveries WHERE account_id = $1) AS h_webhook_deliveries`,
    HEAVY_ACCOUNT,
  );
  // A SELECT without FROM returns exactly one row.
  const r = rows[0]!;
  return {
    generations: Number(r.generations),
    ledger_entries: Number(r.ledger_entries),
    request_logs: Number(r.request_logs),
    webhook_deliveries: Number(r.webhook_deliveries),
    heavy: {
      generations: Number(r.h_generations),
      ledger_entries: Number(r.h_ledger_entries),
      request_logs: Number(r.h_request_logs),
      webhook_deliveries: Number(r.h_webhook_deliveries),
    },
  };
}
