import { randomBytes } from "node:crypto";
import pg from "pg";

/** Server used for throwaway databases (the machine's PostgreSQL 15 by default). */
export const TEST_SERVER_URL = process.env.TEST_PG_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function urlFor(database: string): string {
  const u = new URL(TEST_SERVER_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_SERVER_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates an empty database and returns its URL and a dropper. */
export async function throwawayDatabase(prefix = "vgen_test"): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: urlFor(name),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
