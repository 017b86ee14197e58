import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/client";
import { applyMigrations, MIGRATIONS_DIR } from "../src/migrate/apply";
import { SCHEMA_PATH } from "../src/migrate/engine";
import { createMigration } from "../src/migrate/new-migration";
import { CATALOG_SEED, seedCatalog } from "../src/seed";
import { TEST_SERVER_URL, throwawayDatabase } from "./helpers/pg";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function freshDb() {
  const db = await throwawayDatabase();
  cleanups.push(db.drop);
  return db.url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

const listDatabases = async () =>
  (await query<{ datname: string }>(TEST_SERVER_URL, "SELECT datname FROM pg_database ORDER BY 1"))
    .map((r) => r.datname)
    .filter((n) => !n.startsWith("vgen_test_"));

const migrationFolders = async () =>
  (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe("applyMigrations", () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDb();
  });

  it("applies every migration once, then is a no-op", async () => {
    const folders = await migrationFolders();
    expect(folders.length).toBeGreaterThan(0);
    expect(await applyMigrations(url)).toEqual(folders);
    expect(await applyMigrations(url)).toEqual([]);
    const rows = await query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      url,
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    expect(rows.every((r) => r.finished_at && !r.rolled_back_at)).toBe(true);
  });

  it("creates the schema's tables", async () => {
    const tables = (await query<{ t: string }>(url, "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'")).map(
      (r) => r.t,
    );
    for (const t of [
      "_prisma_migrations",
      "accounts",
      "api_keys",
      "catalog_models",
      "generations",
      "ledger_entries",
      "idempotency_keys",
      "request_logs",
      "webhook_deliveries",
      "webhook_attempts",
    ]) {
      expect(tables).toContain(t);
    }
  });

  it("is safe when two callers race on the same database", async () => {
    const raceUrl = await freshDb();
    const [a, b] = await Promise.all([applyMigrations(raceUrl), applyMigrations(raceUrl)]);
    expect([...a, ...b].sort()).toEqual(await migrationFolders());
    // count(*) without GROUP BY always returns one row.
    const { n } = (await query<{ n: string }>(raceUrl, "SELECT count(*) AS n FROM _prisma_migrations"))[0]!;
    expect(Number(n)).toBe((await migrationFolders()).length);
  });
});

describe("new-migration", () => {
  it("writes nothing when schema.prisma matches the migrations, and the SQL of a change otherwise", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-newmig-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const migrationsDir = path.join(dir, "migrations");
    await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });

    // The committed migrations reproduce schema.prisma exactly: the diff is empty.
    const same = await createMigration({ name: "noop", migrationsDir, databaseUrl: TEST_SERVER_URL });
    expect(same.migrationName).toBeNull();
    const before = await listDatabases();

    const schemaPath = path.join(dir, "schema.prisma");
    const schema = await readFile(SCHEMA_PATH, "utf8");
    await writeFile(schemaPath, `${schema}\nmodel ScratchThing {\n  id   String @id\n  note String?\n}\n`);
    const res = await createMigration({ name: "Add scratch thing", migrationsDir, schemaPath, databaseUrl: TEST_SERVER_URL });
    expect(res.migrationName).toMatch(/^\d{14}_add_scratch_thing$/);
    expect(res.sql).toContain('CREATE TABLE "ScratchThing"');
    const folders = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders.at(-1)).toBe(res.migrationName);
    expect(await readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');

    expect(await listDatabases()).toEqual(before); // the throwaway databases were dropped
    // The main database was only used to create them.
    expect(
      await query(TEST_SERVER_URL, "SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'accounts'"),
    ).toEqual([]);

    // The new folder applies cleanly after the existing ones.
    const url = await freshDb();
    expect(await applyMigrations(url, { migrationsDir })).toEqual(folders);
  });
});

describe("seedCatalog", () => {
  it("creates missing models only and never overwrites edits", async () => {
    const url = await freshDb();
    await applyMigrations(url);
    const db = createDb(url, 2);
    try {
      expect((await seedCatalog(db)).sort()).toEqual(CATALOG_SEED.map((m) => m.id).sort());
      expect(await seedCatalog(db)).toEqual([]);
      const pro = await db.catalogModel.findUniqueOrThrow({ where: { id: "gen-3.1-pro" } });
      expect(pro).toMatchObject({
        priceMicrosPerSecond: 480_000n,
        rateLimitQps: 18,
        minChargeSeconds: 4,
        queue: "pro_priority",
        sizes: ["720p", "1080p", "4k"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 8,
        sortOrder: 1,
      });
      // Every seeded model renders locally until staff give it upstream routes.
      const routes = await db.modelRoute.findMany({ select: { modelId: true, provider: true } });
      expect(routes.map((r) => `${r.modelId}:${r.provider}`).sort()).toEqual(CATALOG_SEED.map((m) => `${m.id}:local`).sort());

      await db.catalogModel.update({ where: { id: "gen-3-1080" }, data: { priceMicrosPerSecond: 999_000n, enabled: false } });
      await db.catalogModel.delete({ where: { id: "gen-3.1-fast" } });
      expect(await seedCatalog(db)).toEqual(["gen-3.1-fast"]);
      const edited = await db.catalogModel.findUniqueOrThrow({ where: { id: "gen-3-1080" } });
      expect(edited.priceMicrosPerSecond).toBe(999_000n);
      expect(edited.enabled).toBe(false);
      expect(await db.catalogModel.count()).toBe(3);
    } finally {
      await db.$disconnect();
    }
  });

  it("stores each seeded model's description in English and in Russian", async () => {
    const url = await freshDb();
    await applyMigrations(url);
    const db = createDb(url, 2);
    try {
      await seedCatalog(db);
      const rows = await db.catalogModel.findMany({ select: { id: true, purpose: true, purposeRu: true } });
      expect(rows).toHaveLength(CATALOG_SEED.length);
      for (const row of rows) {
        expect(row.purpose).toMatch(/[A-Za-z]{3}/);
        expect(row.purposeRu).toMatch(/[А-Яа-яЁё]{3}/);
      }
    } finally {
      await db.$disconnect();
    }
  });

  it("gives models created before the Russian column the seed's Russian text, and others their English one", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-purpose-ru-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const before = (await migrationFolders()).filter((f) => f < "20261127105442_catalog_purpose_ru");
    for (const f of before) await cp(path.join(MIGRATIONS_DIR, f), path.join(dir, f), { recursive: true });
    await cp(path.join(MIGRATIONS_DIR, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
    const url = await freshDb();
    await applyMigrations(url, { migrationsDir: dir });
    await query(
      url,
      `INSERT INTO catalog_models (id, purpose, price_micros_per_second, rate_limit_qps, min_charge_seconds, queue, sizes,
         min_duration, max_duration, default_duration, updated_at)
       VALUES ('gen-3.1-fast', 'Fast drafts', 150000, 25, 4, 'standard', '{720p}', 1, 8, 8, now()),
              ('custom-model', 'A model staff added', 150000, 25, 4, 'standard', '{720p}', 1, 8, 8, now())`,
    );
    await applyMigrations(url);
    const rows = await query<{ id: string; purpose_ru: string }>(url, "SELECT id, purpose_ru FROM catalog_models ORDER BY id");
    expect(rows).toEqual([
      { id: "custom-model", purpose_ru: "A model staff added" },
      { id: "gen-3.1-fast", purpose_ru: CATALOG_SEED.find((m) => m.id === "gen-3.1-fast")!.purposeRu },
    ]);
  });
});
