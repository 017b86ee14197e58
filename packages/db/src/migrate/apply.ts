// Applies prisma/migrations to a database with Prisma's own schema engine (WebAssembly build), so
// the `_prisma_migrations` table and checksums are exactly what `prisma migrate deploy` expects.
import pg from "pg";
import { loadMigrations, MIGRATIONS_DIR, NO_FILTERS, openEngine } from "./engine";

export { MIGRATIONS_DIR } from "./engine";

/** Our own advisory-lock key (distinct from the engine's 72707369, which it takes itself). */
const LOCK_KEY = 7_265_626_301; // "vgen migrate"

/**
 * Applies every migration folder not yet recorded in `_prisma_migrations` and returns the names it
 * applied (empty when the database is up to date). Concurrent callers, in any process, are
 * serialized by a PostgreSQL advisory lock: the second one finds nothing left to apply.
 */
export async function applyMigrations(
  databaseUrl: string,
  opts: { migrationsDir?: string; log?: (line: string) => void } = {},
): Promise<string[]> {
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    const migrationsList = await loadMigrations(opts.migrationsDir ?? MIGRATIONS_DIR);
    if (migrationsList.migrationDirectories.length === 0) return [];
    const handle = await openEngine(databaseUrl, { log: opts.log });
    try {
      const out = await handle.run((e) => e.applyMigrations({ migrationsList, filters: NO_FILTERS }));
      return out.appliedMigrationNames;
    } finally {
      await handle.close();
    }
  } finally {
    // Closing the session releases the lock even if the unlock query cannot run.
    await lockClient.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await lockClient.end().catch(() => {});
  }
}
