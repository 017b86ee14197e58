import { PrismaPg } from "@prisma/adapter-pg";
import { requireDatabaseUrl } from "@vgen/config";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

/** A Prisma client over node-postgres; the only way code touches the database. */
export function createDb(connectionString = requireDatabaseUrl(), poolMax = 10): Db {
  const adapter = new PrismaPg({ connectionString, max: poolMax });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __vgenDb?: Db };

/** One client per process, reused across hot reloads and route handlers. */
export function getDb(): Db {
  globalForDb.__vgenDb ??= createDb();
  return globalForDb.__vgenDb;
}
