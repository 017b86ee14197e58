import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

/** A Prisma client over node-postgres; the only way code touches the database. */
export function createDb(connectionString = requireDatabaseUrl(), poolMax = 10): Db {
  const adapter = new PrismaPg({ connectionString, max: poolMax });
  return new PrismaClient({ adapter });
}

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (the start command sets it for the embedded database)");
  return url;
}

const globalForDb = globalThis as unknown as { __vgenDb?: Db };

/** One client per process, reused across hot reloads and route handlers. */
export function getDb(): Db {
  globalForDb.__vgenDb ??= createDb();
  return globalForDb.__vgenDb;
}
