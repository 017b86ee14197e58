// The create's acceptance statement outside a transaction runs on the hot-statements pool, prepared
// by name (accept-statement.ts, hot-statements.ts): the times it stores must be those of the record,
// whatever the process's time zone, and a refusal must still leave nothing behind.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

/** Names of the statements run on the hot-statements pool, in order. */
const ran = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock("@vgen/db", async (original) => {
  const db = await original<typeof import("@vgen/db")>();
  return {
    ...db,
    getHotStatements: () => {
      const pool = db.getHotStatements();
      return {
        ...pool,
        rows: (statement: { name: string; text: string }, values: readonly unknown[]) => {
          ran.names.push(statement.name);
          return pool.rows(statement, values);
        },
      };
    },
  };
});

describe.skipIf(!testDatabaseUrl)("the acceptance statement on the hot-statements pool", () => {
  const db = useTestDb(4);
  const funded = useFundedAccounts(db, "accept-prepared");
  const savedTz = process.env.TZ;

  // node-postgres sends a Date in the process's zone; +05:45 would shift a zone-less timestamp.
  beforeAll(() => {
    process.env.TZ = "Asia/Kathmandu";
  });
  afterAll(async () => {
    process.env.TZ = savedTz;
    const { closeHotStatements } = await import("@vgen/db");
    await closeHotStatements();
  });

  it("stores the record's times in UTC under another time zone, and prepares one statement per shape", async () => {
    expect(new Date("2026-11-28T00:00:00Z").getTimezoneOffset()).toBe(-345);
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await funded(50_000_000n);
    const model = await findEnabledModel(db(), "gen-3-1080");
    const body = { model: model.id, prompt: "tide pools at dawn", duration: 4 };
    // The first create opens the account's subscription under its row lock (a transaction).
    await createGeneration(db(), { account, apiKeyId: null, model, body });
    ran.names.length = 0;

    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createGeneration(db(), { account, apiKeyId: null, model, body, cancelAfterSeconds: 60 }));
    const accepts = ran.names.filter((n) => n.startsWith("accept_"));
    expect(accepts).toHaveLength(3);
    expect(new Set(accepts).size).toBe(1);

    for (const g of made) {
      const row = await db().generation.findUniqueOrThrow({ where: { id: g.id } });
      expect(row.createdAt).toEqual(g.createdAt);
      expect(row.deadlineAt).toEqual(new Date(g.createdAt.getTime() + 60_000));
      const [hold] = await db().ledgerEntry.findMany({ where: { generationId: g.id, type: "hold" } });
      expect(hold?.createdAt).toEqual(g.createdAt);
      expect(hold?.amountMicros).toBe(-g.costMicros);
    }
  });

  it("refuses a create the balance does not cover, leaving no generation, hold or job", async () => {
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const model = await findEnabledModel(db(), "gen-3-1080");
    const body = { model: model.id, prompt: "tide pools at dusk", duration: 4 };
    // An account that covers exactly two (the first opens its subscription in a transaction): the
    // third is refused on the pool's statement.
    const account = await funded(0n);
    const { creditAccount } = await import("../src/billing/index");
    const one = await createGeneration(db(), { account: await funded(50_000_000n), apiKeyId: null, model, body });
    await creditAccount(db(), {
      accountId: account.id,
      amountMicros: 2n * one.costMicros,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
    await createGeneration(db(), { account, apiKeyId: null, model, body });
    ran.names.length = 0;
    await createGeneration(db(), { account, apiKeyId: null, model, body });
    await expect(createGeneration(db(), { account, apiKeyId: null, model, body })).rejects.toMatchObject({
      code: "insufficient_balance",
    });
    expect(ran.names.filter((n) => n.startsWith("accept_"))).toHaveLength(2);

    const generations = await db().generation.findMany({ where: { accountId: account.id } });
    expect(generations).toHaveLength(2);
    const jobs = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'generationId' = ANY(${generations.map((g) => g.id)})`;
    expect(jobs[0]?.n).toBe(2);
    const { balanceMicros } = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(balanceMicros).toBe(0n);
  });
});
