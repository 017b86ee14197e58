import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "../src/migrate/apply";
import { throwawayDatabase } from "./helpers/pg";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const ORGANIZATIONS = /_organizations$/;

/** Every table a tenant owns, with what must add up the same before and after. */
const FIGURES = `
  SELECT (SELECT count(*) FROM accounts)::int AS accounts,
         (SELECT coalesce(sum(balance_micros), 0)::text FROM accounts) AS balances,
         (SELECT count(*) FROM api_keys)::int AS keys,
         (SELECT count(*) FROM generations)::int AS generations,
         (SELECT coalesce(sum(cost_micros), 0)::text FROM generations) AS generation_costs,
         (SELECT count(*) FROM ledger_entries)::int AS ledger_rows,
         (SELECT coalesce(sum(amount_micros), 0)::text FROM ledger_entries) AS ledger_sum,
         (SELECT coalesce(sum(amount_micros), 0)::text FROM invoices) AS invoiced,
         (SELECT count(*) FROM webhook_endpoints)::int AS endpoints,
         (SELECT string_agg(account_id || ':' || id, ',' ORDER BY id) FROM api_keys) AS key_owners,
         (SELECT string_agg(account_id || ':' || id, ',' ORDER BY id) FROM generations) AS generation_owners`;

/** Fills a database at the schema before organizations with every kind of tenant row, for `n` accounts. */
async function fill(c: pg.Client, n: number) {
  for (let i = 0; i < n; i++) {
    const acct = `acct_Mig${i}`;
    const balance = 1_000_000 * (i + 1);
    await c.query(
      `INSERT INTO accounts (id, email, webhook_secret, updated_at, balance_micros) VALUES ($1, $2, 'whsec_x', now(), $3)`,
      [acct, `owner${i}@example.test`, balance],
    );
    await c.query(`INSERT INTO api_keys (id, account_id, name, prefix, hash) VALUES ($1, $2, 'k', 'vgk_x', $3)`, [
      `key_Mig${i}`,
      acct,
      `hash${i}`,
    ]);
    await c.query(
      `INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, reference) VALUES ($1, $2, 'top_up', $3, $3, 'seed')`,
      [`led_Mig${i}`, acct, balance],
    );
    await c.query(
      `INSERT INTO generations (id, account_id, api_key_id, model_id, prompt, duration, size, aspect_ratio, width, height,
         price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept)
       VALUES ($1, $2, $3, 'gen-3.1-fast', 'a fox', 4, '720p', '16:9', 1280, 720, 100000, 4, $4, 'standard', 1, 10)`,
      [`vid_Mig${i}`, acct, `key_Mig${i}`, 400_000 + i],
    );
    await c.query(`INSERT INTO invoices (id, account_id, kind, amount_micros, number) VALUES ($1, $2, 'top_up', $3, $4)`, [
      `inv_Mig${i}`,
      acct,
      25_000_000 + i,
      `VG-MIG-${i}`,
    ]);
    await c.query(
      `INSERT INTO webhook_endpoints (id, account_id, url, secret, updated_at) VALUES ($1, $2, 'https://example.test/h', 's', now())`,
      [`whe_Mig${i}`, acct],
    );
  }
}

describe("the organizations migration", () => {
  it("keeps every tenant row where it was and makes every account the owner of itself", async () => {
    const db = await throwawayDatabase();
    cleanups.push(db.drop);
    // The migrations up to the one before organizations, in a folder of their own (the later ones build
    // on it, so they go too and run after it).
    const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-orgmig-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const before = path.join(dir, "migrations");
    await cp(MIGRATIONS_DIR, before, { recursive: true });
    const all = (await readdir(before)).filter((f) => f !== "migration_lock.toml").sort();
    const from = all.findIndex((f) => ORGANIZATIONS.test(f));
    expect(from).toBeGreaterThan(0);
    const orgs = all.slice(from);
    for (const f of orgs) await rm(path.join(before, f), { recursive: true });
    await applyMigrations(db.url, { migrationsDir: before });
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    cleanups.push(() => c.end());
    // The model the rows use, in the catalog's columns of that time (the seed writes today's).
    await c.query(
      `INSERT INTO catalog_models (id, purpose, purpose_ru, price_micros_per_second, rate_limit_qps, min_charge_seconds, queue,
         sizes, min_duration, max_duration, default_duration, updated_at)
       VALUES ('gen-3.1-fast', 'fast', 'быстро', 150000, 25, 4, 'standard', ARRAY['720p'], 1, 8, 4, now())`,
    );
    await fill(c, 3);
    const [figuresBefore] = (await c.query(FIGURES)).rows;

    expect(await applyMigrations(db.url)).toEqual(orgs);
    const [figuresAfter] = (await c.query(FIGURES)).rows;
    expect(figuresAfter).toEqual(figuresBefore);
    const owners = (await c.query(`SELECT account_id, member_id, role::text FROM memberships ORDER BY account_id`)).rows;
    expect(owners).toEqual([0, 1, 2].map((i) => ({ account_id: `acct_Mig${i}`, member_id: `acct_Mig${i}`, role: "owner" })));

    // An account made after the migration, by any path, owns itself too.
    await c.query(
      `INSERT INTO accounts (id, email, webhook_secret, updated_at) VALUES ('acct_Later', 'later@example.test', 'w', now())`,
    );
    const later = (
      await c.query(`SELECT role::text FROM memberships WHERE account_id = 'acct_Later' AND member_id = 'acct_Later'`)
    ).rows;
    expect(later).toEqual([{ role: "owner" }]);
  });
});
