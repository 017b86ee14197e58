// The process's one LISTEN connection (platform/notifications.ts), on a database of its own so that
// every client connection to it is this process's: the event hub and the hot caches share it, while
// it is lost the caches are bypassed, and once it is back both channels flow again.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;

describe.skipIf(!adminUrl)("the process's LISTEN connection", () => {
  const name = `vgen_listen_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl ?? "postgresql://unused");
  url.pathname = `/${name}`;
  const savedUrl = process.env.DATABASE_URL;

  async function query<T extends pg.QueryResultRow>(connectionString: string, sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await query(adminUrl!, `CREATE DATABASE ${name}`);
    process.env.DATABASE_URL = url.toString();
  });
  afterAll(async () => {
    const { notificationConnection } = await import("../src/platform/notifications");
    await notificationConnection().close();
    process.env.DATABASE_URL = savedUrl;
    await query(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** The last statement of each client connection to the database (seen from another database). */
  const connections = async () =>
    (
      await query<{ query: string }>(
        adminUrl!,
        "SELECT query FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
        [name],
      )
    ).map((r) => r.query);

  const notify = (channel: string, payload: string) => query(url.toString(), "SELECT pg_notify($1, $2)", [channel, payload]);

  const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /** One connection, listening (a notifying client that just ended may linger for a moment). */
  async function expectOneListeningConnection() {
    await until(async () => (await connections()).length <= 1).catch(() => {});
    expect(await connections()).toEqual([expect.stringMatching(/^LISTEN /)]);
  }

  it("serves the event hub and the cache invalidation on one connection", async () => {
    const { generationEvents } = await import("../src/generations/index");
    const { invalidationFeed } = await import("../src/platform/hot-cache/invalidation");
    const seen: string[] = [];
    const off = await generationEvents().subscribe("vid_shared", (id) => seen.push(id));
    const changes: string[] = [];
    invalidationFeed().register(
      (table, id) => changes.push(`${table}:${id}`),
      () => {},
    );
    await until(() => invalidationFeed().live);
    await expectOneListeningConnection();

    await notify("generation_events", "vid_shared");
    await notify("vgen_cache", "api_keys:acct_shared");
    await until(() => seen.length > 0 && changes.length > 0);
    expect(seen).toEqual(["vid_shared"]);
    expect(changes).toEqual(["api_keys:acct_shared"]);
    off();
  });

  it("while it is lost the caches are cleared and bypassed; once it is back both channels flow again", async () => {
    const { generationEvents } = await import("../src/generations/index");
    const { CachedLookup } = await import("../src/platform/hot-cache/cached-lookup");
    const { invalidationFeed } = await import("../src/platform/hot-cache/invalidation");
    let loads = 0;
    const lookup = new CachedLookup(async () => ({ load: ++loads }), {
      tables: ["things"],
      affected: () => true,
      maxEntries: 10,
      ttlMs: 60_000,
      cacheMisses: false,
    });
    // The loader reads no database.
    const db = {} as Db;
    const seen: string[] = [];
    const off = await generationEvents().subscribe("vid_back", (id) => seen.push(id));
    await until(() => invalidationFeed().live);
    expect(await lookup.get(db, "k")).toEqual({ load: 1 });
    expect(await lookup.get(db, "k")).toEqual({ load: 1 });

    await query(
      adminUrl!,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
      [name],
    );
    await until(() => !invalidationFeed().live);
    // Cleared, and every read goes to the loader.
    expect(await lookup.get(db, "k")).toEqual({ load: 2 });
    expect(await lookup.get(db, "k")).toEqual({ load: 3 });

    await until(() => invalidationFeed().live);
    await expectOneListeningConnection();
    // What was read while it was lost was not kept; what is read now is.
    expect(await lookup.get(db, "k")).toEqual({ load: 4 });
    expect(await lookup.get(db, "k")).toEqual({ load: 4 });

    await notify("generation_events", "vid_back");
    await notify("vgen_cache", "things:1");
    await until(() => seen.length > 0);
    expect(seen).toEqual(["vid_back"]);
    await until(async () => ((await lookup.get(db, "k"))?.load ?? 0) > 4);
    off();
  });
});
