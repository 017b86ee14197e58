// The generation feed behind the event streams, against the database: one read for many
// watchers, ticks, change notifications, tenant isolation, and nothing left behind.
import { FINAL_EVENT_ID } from "@vgen/contracts";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("generation feed", () => {
  const db = useTestDb(6);
  afterAll(async () => {
    const { generationEvents } = await import("../src/generations/index");
    await generationEvents().close();
  });

  /** A database handle that counts the feed's reads of generations (rows by id). */
  function counting() {
    const reads = { rows: 0 };
    const client = db().$extends({
      query: {
        $queryRaw({ args, query }) {
          const sql = (args as unknown as { strings?: string[] }).strings?.join("?") ?? "";
          if (/FROM generations WHERE id = ANY/.test(sql)) reads.rows++;
          return query(args);
        },
      },
    }) as unknown as Db;
    return { client, reads };
  }

  async function accountWithGenerations(n: number) {
    const { createAccount } = await import("../src/accounts/index");
    const { newId } = await import("@vgen/db");
    const account = await createAccount(db(), { email: `feed-${Date.now()}-${Math.random()}@example.test` });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = newId("vid");
      await db().generation.create({
        data: {
          id,
          accountId: account.id,
          modelId: "gen-3.1-fast",
          prompt: `feed ${i}`,
          duration: 2,
          size: "720p",
          aspectRatio: "16:9",
          width: 1280,
          height: 720,
          priceMicrosPerSecond: 50_000n,
          billedSeconds: 2,
          costMicros: 100_000n,
          queue: "standard",
          seed: 1,
          etaSecondsAtAccept: 5,
        },
      });
      ids.push(id);
    }
    return { accountId: account.id, ids };
  }

  type Seen = { json: string | null; eventId: number | null; terminal: boolean };
  function recorder() {
    const seen: Seen[] = [];
    const listener = (record: { json: string; eventId: number; terminal: boolean } | null) =>
      seen.push({ json: record?.json ?? null, eventId: record?.eventId ?? null, terminal: record?.terminal ?? false });
    return { seen, listener };
  }

  const until = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("serves many watchers of many generations opened together with one read, each its own record", async () => {
    const { GenerationFeed, generationEvents } = await import("../src/generations/index");
    // The process already listens (otherwise the feed reads once more after LISTEN, not to miss a change).
    (await generationEvents().subscribe("vid_warm_up", () => {}))();
    const { accountId, ids } = await accountWithGenerations(20);
    const { client, reads } = counting();
    const feed = new GenerationFeed(client, 60_000);
    const watchers = ids.flatMap((id) => [0, 1, 2].map(() => ({ id, ...recorder() })));
    const stops = watchers.map((w) => feed.watch(w.id, accountId, w.listener));
    await until(() => watchers.every((w) => w.seen.length > 0));
    expect(reads.rows).toBe(1);
    for (const w of watchers) {
      expect(w.seen).toHaveLength(1);
      expect(JSON.parse(w.seen[0]!.json!)).toMatchObject({ id: w.id, status: "processing", progress: 0 });
    }
    for (const stop of stops) stop();
    expect(feed.size).toBe(0);
  });

  it("sends every watcher its record on each tick with one read, and changes as they are announced", async () => {
    const { GenerationFeed, reportProgress } = await import("../src/generations/index");
    const { accountId, ids } = await accountWithGenerations(3);
    const { client, reads } = counting();
    const feed = new GenerationFeed(client, 300);
    const watchers = ids.map((id) => ({ id, ...recorder() }));
    const stops = watchers.map((w) => feed.watch(w.id, accountId, w.listener));
    await until(() => watchers.every((w) => w.seen.length >= 3));
    // Ticks send the unchanged record anyway.
    expect(watchers.every((w) => w.seen[1]!.json === w.seen[0]!.json)).toBe(true);
    // One read for the first records and one per tick (a next one may be under way): never one per watcher.
    expect(reads.rows).toBeLessThanOrEqual(4);

    const before = watchers[0]!.seen.length;
    await reportProgress(db(), ids[0]!, 40);
    await until(() => watchers[0]!.seen.slice(before).some((s) => s.json?.includes('"progress":40')));
    for (const stop of stops) stop();
    expect(feed.size).toBe(0);
  });

  it("progress only rises: a lower report keeps the higher value, and a finished generation refuses reports", async () => {
    const { reportProgress, cancelGeneration } = await import("../src/generations/index");
    const { accountId, ids } = await accountWithGenerations(1);
    const progressNow = async () => (await db().generation.findUniqueOrThrow({ where: { id: ids[0]! } })).progress;
    expect(await reportProgress(db(), ids[0]!, 57)).toBe(true);
    expect(await reportProgress(db(), ids[0]!, 0)).toBe(true);
    expect(await progressNow()).toBe(57);
    expect(await reportProgress(db(), ids[0]!, 120)).toBe(true);
    expect(await progressNow()).toBe(99);
    await cancelGeneration(db(), accountId, ids[0]!);
    expect(await reportProgress(db(), ids[0]!, 99)).toBe(false);
  });

  it("delivers the terminal record, and another account's watcher or lookup sees nothing", async () => {
    const { GenerationFeed, notifyGenerationChanged } = await import("../src/generations/index");
    const { accountId, ids } = await accountWithGenerations(1);
    const other = await accountWithGenerations(0);
    const feed = new GenerationFeed(db(), 60_000);
    expect(await feed.lookup(ids[0]!, other.accountId)).toBeNull();
    expect(await feed.lookup("vid_missing", accountId)).toBeNull();
    const stranger = recorder();
    feed.watch(ids[0]!, other.accountId, stranger.listener);
    await until(() => stranger.seen.length > 0);
    expect(stranger.seen[0]!.json).toBeNull();

    const owner = recorder();
    const stop = feed.watch(ids[0]!, accountId, owner.listener);
    await until(() => owner.seen.length > 0);
    // A state's event id: its progress while processing, FINAL_EVENT_ID once it ended.
    await db().generation.update({ where: { id: ids[0]! }, data: { progress: 37 } });
    await notifyGenerationChanged(db(), ids[0]!);
    await until(() => owner.seen.some((s) => s.eventId === 37));
    // What a terminal move announces (the money side is not this suite's concern).
    await db().generation.update({ where: { id: ids[0]! }, data: { status: "canceled", completedAt: new Date() } });
    await notifyGenerationChanged(db(), ids[0]!);
    await until(() => owner.seen.some((s) => s.terminal));
    expect(JSON.parse(owner.seen.find((s) => s.terminal)!.json!)).toMatchObject({ status: "canceled", eta_seconds: 0 });
    expect(owner.seen.find((s) => s.terminal)!.eventId).toBe(FINAL_EVENT_ID);
    expect(stranger.seen.every((s) => s.json === null)).toBe(true);
    stop();
  });

  it("a stream opened right after its lookup starts from that read, without another", async () => {
    const { GenerationFeed } = await import("../src/generations/index");
    const { accountId, ids } = await accountWithGenerations(1);
    const { client, reads } = counting();
    const feed = new GenerationFeed(client, 60_000);
    const looked = await feed.lookup(ids[0]!, accountId);
    expect(looked).toMatchObject({ modelId: "gen-3.1-fast", eventId: 0, terminal: false });
    expect(feed.peek(ids[0]!, accountId)).toBe(looked);
    expect(feed.peek(ids[0]!, "acct_someone_else")).toBeNull();
    const w = recorder();
    const stop = feed.watch(ids[0]!, accountId, w.listener, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(reads.rows).toBe(1);
    expect(w.seen).toHaveLength(0);
    stop();
    expect(feed.size).toBe(0);
  });

  it("leaves no listener, entry or timer behind once every watcher has gone", async () => {
    const { GenerationFeed, generationEvents } = await import("../src/generations/index");
    const { accountId, ids } = await accountWithGenerations(2);
    const feed = new GenerationFeed(db(), 60_000);
    const hub = generationEvents() as unknown as { emitter: import("node:events").EventEmitter };
    let delivered = 0;
    const stops = ids.flatMap((id) => [0, 1].map(() => feed.watch(id, accountId, () => delivered++)));
    // Subscribed (one listener per generation, however many watchers) and served.
    await until(() => delivered === 4);
    expect(ids.map((id) => hub.emitter.listenerCount(id))).toEqual([1, 1]);
    // Stopping twice is harmless.
    for (const stop of [...stops, ...stops]) stop();
    expect(feed.size).toBe(0);
    expect(ids.map((id) => hub.emitter.listenerCount(id))).toEqual([0, 0]);
    expect((feed as unknown as { ticker: unknown }).ticker).toBeNull();
  });
});
