import { createServer } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { env } from "@vgen/config";
import { createDb } from "@vgen/db";
import { isDatabaseUnavailable, retryWhileDatabaseUnavailable } from "../src/platform/db-unavailable";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail("expected a failure"),
    (e: unknown) => e,
  );

describe.skipIf(!testDatabaseUrl)("isDatabaseUnavailable, on the errors the drivers really throw", () => {
  const db = useTestDb(2);

  it("is true for a server that refuses connections (node-postgres and Prisma)", async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
    const client = new pg.Client({ connectionString: url });
    expect(isDatabaseUnavailable(await failureOf(client.connect()))).toBe(true);
    const prisma = createDb(url, 1);
    expect(isDatabaseUnavailable(await failureOf(prisma.account.findFirst()))).toBe(true);
    expect(isDatabaseUnavailable(await failureOf(prisma.$queryRaw`SELECT 1`))).toBe(true);
    expect(isDatabaseUnavailable(await failureOf(prisma.$transaction(async (tx) => tx.account.findFirst())))).toBe(true);
    await prisma.$disconnect();
  });

  it("is true for a connection the server terminates mid-query (an administrator shutdown)", async () => {
    const victim = new pg.Client({ connectionString: testDatabaseUrl });
    victim.on("error", () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const running = failureOf(victim.query("SELECT pg_sleep(30)"));
    await new Promise((r) => setTimeout(r, 200));
    await db().$executeRaw`SELECT pg_terminate_backend(${pid}::int)`;
    expect(isDatabaseUnavailable(await running)).toBe(true);
    await victim.end().catch(() => {});
  });

  it("is true when every pool connection stays busy past the wait for a transaction", async () => {
    const prisma = createDb(testDatabaseUrl, 1);
    const holder = prisma.$transaction(async (tx) => tx.$executeRaw`SELECT pg_sleep(1)`, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    const err = await failureOf(prisma.$transaction(async (tx) => tx.account.findFirst(), { maxWait: 50 }));
    expect(isDatabaseUnavailable(err)).toBe(true);
    await holder;
    await prisma.$disconnect();
  });

  it("is true, within the connect bound, for a server that accepts connections but never answers (a frozen one)", async () => {
    const sockets: import("node:net").Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const prisma = createDb(`postgresql://postgres@127.0.0.1:${(silent.address() as { port: number }).port}/none`, 1);
    const started = Date.now();
    expect(isDatabaseUnavailable(await failureOf(prisma.account.findFirst()))).toBe(true);
    // DATABASE_CONNECT_TIMEOUT_MS (2 s by default), not the minutes of an unbounded wait.
    expect(Date.now() - started).toBeLessThan(env().DATABASE_CONNECT_TIMEOUT_MS + 5_000);
    await prisma.$disconnect();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it("is true for a statement or a lock wait that outlives its timeout (the server cancels it)", async () => {
    const statement = failureOf(
      db().$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL statement_timeout = 200`;
        await tx.$queryRaw`SELECT pg_sleep(30)`;
      }),
    );
    expect(isDatabaseUnavailable(await statement)).toBe(true);
    const holder = new pg.Client({ connectionString: testDatabaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE");
    const lock = failureOf(
      db().$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = 200`;
        await tx.$queryRaw`SELECT count(*) FROM accounts`;
      }),
    );
    expect(isDatabaseUnavailable(await lock)).toBe(true);
    await holder.end();
  });

  it("is false for bugs and refused input: a unique violation, a NUL byte, bad SQL, a TypeError", async () => {
    const email = `dup-${Date.now()}@example.test`;
    await db().account.create({ data: { id: `acct_dup${Date.now()}`, email, webhookSecret: "whsec_test" } });
    const duplicate = db().account.create({ data: { id: `acct_dup2${Date.now()}`, email, webhookSecret: "whsec_test" } });
    expect(isDatabaseUnavailable(await failureOf(duplicate))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(db().account.findFirst({ where: { email: "a\u0000b" } })))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(db().$queryRawUnsafe("SELEC 1")))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});

describe("retryWhileDatabaseUnavailable", () => {
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

  it("waits out an outage and returns the result once the database answers", async () => {
    let calls = 0;
    const retries: number[] = [];
    const value = await retryWhileDatabaseUnavailable(
      async () => {
        if (++calls < 3) throw refused();
        return "stored";
      },
      (_err, attempt) => retries.push(attempt),
      { firstDelayMs: 1 },
    );
    expect(value).toBe("stored");
    expect(retries).toEqual([1, 2]);
  });

  it("throws any other failure at once", async () => {
    let calls = 0;
    const err = await failureOf(
      retryWhileDatabaseUnavailable(async () => {
        calls++;
        throw new Error("a bug");
      }),
    );
    expect((err as Error).message).toBe("a bug");
    expect(calls).toBe(1);
  });
});
