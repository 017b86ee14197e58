import { afterAll, beforeAll } from "vitest";
import { createDb, type Db } from "@vgen/db";
import { applyMigrations } from "@vgen/db/migrate";
import { seedCatalog } from "@vgen/db/seed";

/** TEST_DATABASE_URL: a throwaway database the test orchestrator creates for the unit suites. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Migrates and seeds the test database before the suite, and disconnects after it. */
export function useTestDb(poolMax = 4): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    process.env.DATABASE_URL = testDatabaseUrl;
    await applyMigrations(testDatabaseUrl!);
    db = createDb(testDatabaseUrl!, poolMax);
    await seedCatalog(db);
  });
  afterAll(async () => {
    await db?.$disconnect();
  });
  return () => db!;
}
