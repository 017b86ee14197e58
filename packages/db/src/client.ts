import { PrismaPg } from "@prisma/adapter-pg";
import { env, requireDatabaseUrl } from "@vgen/config";
import type { PoolConfig } from "pg";
import { type Prisma, PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

/** The client or an open transaction: for a function that runs in its caller's transaction when there is one. */
export type DbOrTx = Db | Prisma.TransactionClient;

/**
 * An open transaction: for a function whose statements only make sense committed with its caller's
 * (row locks, rows that must appear together). The type cannot tell a client from a transaction;
 * the name says what the caller must pass.
 */
export type Tx = Prisma.TransactionClient;

/**
 * Bounds on every connection of ours (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS): a
 * database that is down, overloaded or frozen (no answer at all) fails a request within seconds,
 * and the request answers 503 instead of hanging. The server cancels a statement itself after
 * `statement_timeout`; the client stops waiting half a second later, for a server that cannot even
 * do that, and a pool drops a connection whose query it gave up on.
 */
export function connectionBounds(): Pick<PoolConfig, "connectionTimeoutMillis" | "statement_timeout" | "query_timeout"> {
  const { DATABASE_CONNECT_TIMEOUT_MS: connect, DATABASE_QUERY_TIMEOUT_MS: statement } = env();
  return { connectionTimeoutMillis: connect, statement_timeout: statement, query_timeout: statement + 500 };
}

/** A Prisma client over node-postgres; with getHotStatements() (hot-statements.ts), the only way code touches the database. */
export function createDb(connectionString = requireDatabaseUrl(), poolMax = 10): Db {
  const adapter = new PrismaPg({ connectionString, max: poolMax, ...connectionBounds() });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __vgenDb?: Db };

/** One client per process, reused across hot reloads and route handlers. */
export function getDb(): Db {
  globalForDb.__vgenDb ??= createDb();
  return globalForDb.__vgenDb;
}
