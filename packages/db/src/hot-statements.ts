import { requireDatabaseUrl } from "@vgen/config";
import pg from "pg";
import { connectionBounds } from "./client";

/**
 * A plain node-postgres pool for the hot path's statements (the poll's select, the create's
 * acceptance statement, the ETA's queue read), each prepared by name: Prisma's raw query path
 * costs ~40 us of node CPU per statement on top of the driver's, and sends every statement
 * unnamed, so PostgreSQL parses and plans it on every call (bench/README.md "Request path work").
 * Same database, statement timeout and connection bounds as the Prisma pool; rows come back as
 * Prisma's `$queryRaw` returns them, so callers map them with the same types. Outside a transaction
 * only: a transaction's statements go through Prisma's.
 */
export interface HotStatements {
  /** One parameterized statement, prepared by name on each connection the first time it runs; its rows. */
  rows<Row>(statement: { name: string; text: string }, values: readonly unknown[]): Promise<Row[]>;
  end(): Promise<void>;
}

const INT8 = 20;
const TIMESTAMP = 1114;

/**
 * Values typed as `$queryRaw` types them: int8 as BigInt (money, seeds) and `timestamp` (Prisma's
 * DateTime, stored without a zone, in UTC) as UTC whatever the process's TZ. The rest are pg's
 * defaults, which match (int4 number, text[] string[], jsonb parsed, timestamptz Date).
 */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8) return (text: string) => BigInt(text);
    if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * node-postgres sends a Date in the process's time zone with its offset, which a `timestamp` column
 * drops: sent in UTC, it is stored as Prisma stores it (and a `timestamptz` reads the same instant).
 */
function asParameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export function createHotStatements(connectionString = requireDatabaseUrl(), poolMax = 10): HotStatements {
  const pool = new pg.Pool({ connectionString, max: poolMax, types, ...connectionBounds() });
  // An idle connection the server dropped must not take the process down; the next query reconnects.
  pool.on("error", () => {});
  return {
    async rows<Row>(statement: { name: string; text: string }, values: readonly unknown[]) {
      return (await pool.query({ ...statement, values: values.map(asParameter) })).rows as Row[];
    },
    end: () => pool.end(),
  };
}

const globalForHotStatements = globalThis as unknown as { __vgenHotStatements?: HotStatements };

/** One pool per process, beside getDb()'s, on the same DATABASE_URL. */
export function getHotStatements(): HotStatements {
  globalForHotStatements.__vgenHotStatements ??= createHotStatements();
  return globalForHotStatements.__vgenHotStatements;
}

/** Closes getHotStatements()'s pool (shutdown); a later call opens a new one. */
export async function closeHotStatements(): Promise<void> {
  const statements = globalForHotStatements.__vgenHotStatements;
  globalForHotStatements.__vgenHotStatements = undefined;
  await statements?.end();
}
