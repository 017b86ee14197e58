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

const PROJECTS = /_projects$/;

/** What must add up the same before and after. */
const FIGURES = `
  SELECT (SELECT count(*) FROM accounts)::int AS accounts,
         (SELECT coalesce(sum(balance_micros), 0)::text FROM accounts) AS balances,
         (SELECT string_agg(account_id || ':' || id, ',' ORDER BY id) FROM api_keys) AS key_owners,
         (SELECT string_agg(account_id || ':' || id || ':' || cost_micros, ',' ORDER BY id) FROM generations) AS generations,
         (SELECT coalesce(sum(amount_micros), 0)::text FROM ledger_entries) AS ledger_sum,
         (SELECT count(*) FROM webhook_endpoints)::int AS endpoints`;

async function generation(c: pg.Client, id: string, acct: string, key: string | null) {
  await c.query(
    `INSERT INTO generations (id, account_id, api_key_id, model_id, prompt, duration, size, aspect_ratio, width, height,
       price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept)
     VALUES ($1, $2, $3, 'gen-3.1-fast', 'a fox', 4, '720p', '16:9', 1280, 720, 100000, 4, 400000, 'standard', 1, 10)`,
    [id, acct, key],
  );
}

/** Per account: a key, a generation of that key, a playground generation (no key), an endpoint, a top-up. */
async function fill(c: pg.Client, n: number) {
  for (let i = 0; i < n; i++) {
    const acct = `acct_Prj${i}`;
    await c.query(
      `INSERT INTO accounts (id, email, webhook_secret, updated_at, balance_micros) VALUES ($1, $2, 'whsec_x', now(), $3)`,
      [acct, `p${i}@example.test`, 1_000_000 * (i + 1)],
    );
    await c.query(`INSERT INTO api_keys (id, account_id, name, prefix, hash) VALUES ($1, $2, 'k', 'vgk_x', $3)`, [
      `key_Prj${i}`,
      acct,
      `hash${i}`,
    ]);
    await c.query(
      `INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, reference) VALUES ($1, $2, 'top_up', 5, 5, 'seed')`,
      [`led_Prj${i}`, acct],
    );
    await generation(c, `vid_PrjKey${i}`, acct, `key_Prj${i}`);
    await generation(c, `vid_PrjPlay${i}`, acct, null);
    await c.query(
      `INSERT INTO webhook_endpoints (id, account_id, url, secret, updated_at) VALUES ($1, $2, 'https://example.test/h', 's', now())`,
      [`whe_Prj${i}`, acct],
    );
  }
}

describe("the projects migration", () => {
  it("gives every organization a default project holding its keys and generations; new rows find theirs", async () => {
    const db = await throwawayDatabase();
    cleanups.push(db.drop);
    // The migrations before projects, in a folder of their own.
    const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-projmig-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const before = path.join(dir, "migrations");
    await cp(MIGRATIONS_DIR, before, { recursive: true });
    const all = (await readdir(before)).filter((f) => f !== "migration_lock.toml").sort();
    const at = all.findIndex((f) => PROJECTS.test(f));
    expect(at).toBeGreaterThan(0);
    const later = all.slice(at);
    for (const f of later) await rm(path.join(before, f), { recursive: true });
    await applyMigrations(db.url, { migrationsDir: before });
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    cleanups.push(() => c.end());
    // The one model the rows use, in the columns of that time (the seed writes today's columns).
    await c.query(
      `INSERT INTO catalog_models (id, purpose, purpose_ru, price_micros_per_second, rate_limit_qps, min_charge_seconds, queue,
         min_duration, max_duration, default_duration, updated_at)
       VALUES ('gen-3.1-fast', 'drafts', 'черновики', 100000, 10, 1, 'standard', 1, 8, 8, now())`,
    );
    await fill(c, 3);
    const [figuresBefore] = (await c.query(FIGURES)).rows;

    expect(await applyMigrations(db.url)).toEqual(later);
    expect((await c.query(FIGURES)).rows[0]).toEqual(figuresBefore);
    const projects = (await c.query(`SELECT id, account_id, name, is_default FROM projects ORDER BY account_id`)).rows;
    expect(projects.map((p) => [p.account_id, p.name, p.is_default])).toEqual(
      [0, 1, 2].map((i) => [`acct_Prj${i}`, "Default project", true]),
    );
    for (const p of projects) expect(p.id).toMatch(/^proj_[1-9A-HJ-NP-Za-km-z]{22}$/);
    const misplaced = await c.query(`
      SELECT x.id FROM (
        SELECT id, account_id, project_id FROM api_keys UNION ALL SELECT id, account_id, project_id FROM generations
      ) x LEFT JOIN projects p ON p.id = x.project_id AND p.account_id = x.account_id AND p.is_default
      WHERE p.id IS NULL`);
    expect(misplaced.rows).toEqual([]);
    // Existing endpoints keep serving every project.
    expect((await c.query(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE project_id IS NOT NULL`)).rows[0].n).toBe(0);

    // After the migration: a new account gets its default project; a key inserted without a project
    // goes there; a generation without one takes its key's project.
    await c.query(
      `INSERT INTO accounts (id, email, webhook_secret, updated_at) VALUES ('acct_PrjNew', 'n@example.test', 'w', now())`,
    );
    const [fresh] = (await c.query(`SELECT id FROM projects WHERE account_id = 'acct_PrjNew' AND is_default`)).rows;
    expect(fresh?.id).toMatch(/^proj_/);
    await c.query(`INSERT INTO projects (id, account_id, name) VALUES ('proj_PrjOther', 'acct_PrjNew', 'Mobile app')`);
    await c.query(
      `INSERT INTO api_keys (id, account_id, name, prefix, hash) VALUES ('key_PrjD', 'acct_PrjNew', 'k', 'vgk_x', 'hd')`,
    );
    await c.query(
      `INSERT INTO api_keys (id, account_id, name, prefix, hash, project_id) VALUES ('key_PrjO', 'acct_PrjNew', 'k', 'vgk_x', 'ho', 'proj_PrjOther')`,
    );
    await generation(c, "vid_PrjO", "acct_PrjNew", "key_PrjO");
    await generation(c, "vid_PrjPlayNew", "acct_PrjNew", null);
    const placed = (
      await c.query(`SELECT id, project_id FROM api_keys WHERE account_id = 'acct_PrjNew'
                     UNION ALL SELECT id, project_id FROM generations WHERE account_id = 'acct_PrjNew' ORDER BY id`)
    ).rows;
    expect(placed).toEqual([
      { id: "key_PrjD", project_id: fresh.id },
      { id: "key_PrjO", project_id: "proj_PrjOther" },
      { id: "vid_PrjO", project_id: "proj_PrjOther" },
      { id: "vid_PrjPlayNew", project_id: fresh.id },
    ]);
    // One default per organization, and a share never above the organization's rate.
    await expect(
      c.query(`INSERT INTO projects (id, account_id, name, is_default) VALUES ('proj_PrjTwo', 'acct_PrjNew', 'x', true)`),
    ).rejects.toThrow(/projects_one_default_per_account/);
    await expect(
      c.query(`INSERT INTO projects (id, account_id, name, rate_limit_share) VALUES ('proj_PrjBig', 'acct_PrjNew', 'x', 101)`),
    ).rejects.toThrow(/projects_rate_limit_share_check/);
  });
});
