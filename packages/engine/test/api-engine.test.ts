// The public API's engine path against the database: holds under concurrency, terminal moves
// exactly once, list records (one queue read), cursor validation, and the event hub's cleanup.
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const url = testDatabaseUrl;

describe.skipIf(!url)("generation engine (API path)", () => {
  const db = useTestDb(12);
  const funded = useFundedAccounts(db, "api");

  async function ledgerSum(accountId: string) {
    const agg = await db().ledgerEntry.aggregate({ where: { accountId }, _sum: { amountMicros: true } });
    return agg._sum.amountMicros ?? 0n;
  }

  it("concurrent requests never overspend; refused ones create nothing; ledger sum = balance", async () => {
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    // gen-3.1-pro, 4 s → $1.920 each; $5 covers exactly two.
    const account = await funded(5_000_000n);
    const model = await findEnabledModel(db(), "gen-3.1-pro");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        createGeneration(db(), {
          account,
          apiKeyId: null,
          model,
          body: { model: model.id, prompt: "race", duration: 4, size: "720p" },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(2);
    for (const r of refused) expect((r.reason as { code?: string }).code).toBe("insufficient_balance");
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(2);
    const acct = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(acct.balanceMicros).toBe(5_000_000n - 2n * 1_920_000n);
    expect(await ledgerSum(account.id)).toBe(acct.balanceMicros);
  });

  it("cancel releases the hold once; racing completion, exactly one terminal state wins and is charged at most once", async () => {
    const { createGeneration, cancelGeneration, completeGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await funded(10_000_000n);
    const model = await findEnabledModel(db(), "gen-3-1080");
    const gen = await createGeneration(db(), { account, apiKeyId: null, model, body: { model: model.id, prompt: "cancel me" } });
    const [canceled, completed] = await Promise.allSettled([
      cancelGeneration(db(), account.id, gen.id),
      completeGeneration(db(), gen.id),
    ]);
    const after = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    const entries = await db().ledgerEntry.findMany({ where: { generationId: gen.id } });
    const types = entries.map((e) => e.type).sort();
    if (after.status === "canceled") {
      expect(canceled.status).toBe("fulfilled");
      expect(completed.status === "fulfilled" && completed.value).toBeNull();
      expect(types).toEqual(["hold", "hold_release"]);
    } else {
      expect(after.status).toBe("completed");
      expect(canceled.status).toBe("rejected");
      expect(types).toEqual(["charge", "hold", "hold_release"]);
    }
    await expect(cancelGeneration(db(), account.id, gen.id)).rejects.toMatchObject({ code: "generation_not_cancelable" });
    // Another account cannot see it.
    const other = await funded(0n);
    await expect(cancelGeneration(db(), other.id, gen.id)).rejects.toMatchObject({ code: "generation_not_found" });
    const acct = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(await ledgerSum(account.id)).toBe(acct.balanceMicros);
  });

  it("list records equal single records, read the queue once, and follow the record formats", async () => {
    const { createGeneration, failGeneration, recordOf, recordsOf, listGenerations } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await funded(20_000_000n);
    const model = await findEnabledModel(db(), "gen-3.1-pro");
    for (let i = 0; i < 3; i++) {
      await createGeneration(db(), {
        account,
        apiKeyId: null,
        model,
        body: { model: model.id, prompt: `list ${i}`, duration: 4 },
      });
    }
    const page = await listGenerations(db(), account.id, 10, null);
    await failGeneration(db(), page.data[0]!.id, "render_failed", "boom");
    const rows = (await listGenerations(db(), account.id, 10, null)).data;

    let queueReads = 0;
    const counting = db().$extends({
      query: {
        // Each read of the queue (eta.ts) reads its running jobs on this client (the waiting ones on
        // the hot-statements pool, with them): one such statement is one read of the queue.
        $allOperations({ operation, args, query }) {
          if (operation === "$queryRaw" && JSON.stringify(args).includes("status = 'processing' AND started_at IS NOT NULL"))
            queueReads++;
          return query(args);
        },
      },
    }) as unknown as ReturnType<typeof db>;
    // Both sides below read the queue as it is now (the shared snapshot lives a second): a snapshot
    // taken before the failure above would still count the failed job as waiting ahead.
    await new Promise((r) => setTimeout(r, 1_100));
    const many = await recordsOf(counting, rows);
    // One read of the queue for the whole page, never one per row.
    expect(queueReads).toBe(1);
    const single = await Promise.all(rows.map((g) => recordOf(db(), g)));
    expect(many).toEqual(single);

    const failed = many.find((r) => r.status === "failed")!;
    expect(failed).toMatchObject({ eta_seconds: 0, output: [], error: { code: "render_failed", message: "boom" } });
    for (const r of many) {
      expect(r.price).toBe("$0.480 / сек");
      expect(r.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(r.id).toMatch(/^vid_/);
      if (r.status === "processing") {
        expect(r.eta_seconds).toBeGreaterThan(0);
        expect(r.output).toEqual([]);
      }
    }
  });

  it("a forged cursor (valid JS date, outside PostgreSQL's range) is invalid_cursor, not a 500", async () => {
    const { listGenerations } = await import("../src/generations/index");
    const account = await funded(0n);
    for (const iso of [
      "-271821-04-20T00:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "2026-01-01",
      "0000-01-01T00:00:00.000Z",
      "2026-02-30T00:00:00.000Z",
    ]) {
      const cursor = Buffer.from(`${iso}|vid_x`).toString("base64url");
      await expect(listGenerations(db(), account.id, 10, cursor)).rejects.toMatchObject({ code: "invalid_cursor" });
    }
    // An id PostgreSQL cannot compare (NUL) or that is not one of ours never reaches the query.
    for (const id of ["vid_x\0", "vid_x'--", "key_x"]) {
      const cursor = Buffer.from(`2026-01-01T00:00:00.000Z|${id}`).toString("base64url");
      await expect(listGenerations(db(), account.id, 10, cursor)).rejects.toMatchObject({ code: "invalid_cursor" });
    }
  });

  it("the event hub leaves no listener behind when it cannot subscribe, and delivers changes when it can", async () => {
    const { generationEvents, notifyGenerationChanged } = await import("../src/generations/index");
    const hub = generationEvents() as unknown as { emitter: import("node:events").EventEmitter };
    // Subscribing can fail only while the process has no LISTEN connection; the hot caches made the
    // shared one earlier in this file, so it is ended first.
    const { notificationConnection } = await import("../src/platform/notifications");
    await notificationConnection().close();
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "postgresql://nobody@127.0.0.1:1/none";
    await expect(generationEvents().subscribe("vid_unreachable", () => {})).rejects.toBeTruthy();
    process.env.DATABASE_URL = saved;
    expect(hub.emitter.listenerCount("vid_unreachable")).toBe(0);

    const seen: string[] = [];
    const off = await generationEvents().subscribe("vid_hub_test", (id) => seen.push(id));
    await notifyGenerationChanged(db(), "vid_hub_test");
    for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(["vid_hub_test"]);
    off();
    expect(hub.emitter.listenerCount("vid_hub_test")).toBe(0);
  });
});
