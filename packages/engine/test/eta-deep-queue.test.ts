// ETA and queue position under a deep queue (issue 22 item 5, issue 24 item 6): thousands of
// waiting generations, inserted with generate_series, are all counted (no "oldest 500" cut-off),
// and the newest one's position and ETA match the rule computed naively from every waiting row.
import { env } from "@vgen/config";
import { newId } from "@vgen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultProcessingSeconds } from "../src/generations/eta-math";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const BACKLOG = 6_000;
const SLOTS = 4;

describe.skipIf(!testDatabaseUrl)("deep queue", () => {
  const db = useTestDb(4);
  let eta: typeof import("../src/generations/eta");
  let modelId: string;
  let accountId: string;

  beforeAll(async () => {
    eta = await import("../src/generations/eta");
    modelId = `deepq-${newId("rte").slice(4, 14).toLowerCase()}`;
    await db().catalogModel.create({
      data: {
        id: modelId,
        purpose: "deep queue test",
        purposeRu: "deep queue test (ru)",
        priceMicrosPerSecond: 100_000n,
        rateLimitQps: 1000,
        minChargeSeconds: 1,
        queue: "pro_priority",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 4,
      },
    });
    await db().modelRoute.create({
      data: { id: newId("rte"), modelId, position: 0, provider: "local", maxConcurrency: SLOTS },
    });
    const { createAccount } = await import("../src/accounts/index");
    accountId = (await createAccount(db(), { email: `deepq-${newId("req").slice(4, 14)}@example.test` })).id;
    // The backlog: one generation a millisecond, alternating 4 s and 8 s clips, none started.
    await db().$executeRaw`
      INSERT INTO generations (id, account_id, model_id, status, prompt, duration, size, aspect_ratio, width, height, urls,
        price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept, livemode, created_at)
      SELECT 'vid_deepq' || ${modelId} || '_' || i, ${accountId}, ${modelId}, 'processing', 'backlog', CASE WHEN i % 2 = 0 THEN 4 ELSE 8 END,
        '720p', '16:9', 1280, 720, '{}', 100000, 4, 400000, 'pro_priority', 1, 10, true,
        now() - interval '1 hour' + i * interval '1 millisecond'
      FROM generate_series(1, ${BACKLOG}) AS i`;
  }, 60_000);

  afterAll(async () => {
    await db().generation.deleteMany({ where: { modelId } });
  });

  /** The rule written out over every waiting row of the pool, as docs/api.md#eta states it. */
  async function naive(own: { createdAt: Date; duration: number }) {
    const rows = await db().$queryRaw<{ model_id: string; queue: string; size: string; duration: number; created_at: Date }[]>`
      SELECT model_id, queue::text AS queue, size, duration, created_at FROM generations
       WHERE status = 'processing' AND started_at IS NULL`;
    const running = await db().generation.count({ where: { status: "processing", startedAt: { not: null } } });
    const ahead = rows.filter((r) => r.queue === "pro_priority" && r.created_at < own.createdAt);
    const mine = ahead.filter((r) => r.model_id === modelId);
    const seconds = (list: typeof rows) => list.reduce((sum, r) => sum + defaultProcessingSeconds(r.size, r.duration), 0);
    const wait = (jobs: number, secs: number, slots: number) => (jobs < slots ? 0 : secs / slots);
    const ownSeconds = defaultProcessingSeconds("720p", own.duration);
    const byWorkers = wait(running + ahead.length, seconds(ahead), env().WORKER_CONCURRENCY);
    const byRoutes = wait(mine.length, seconds(mine), SLOTS);
    return { position: mine.length + 1, eta: Math.max(1, Math.ceil(Math.max(byWorkers, byRoutes) + ownSeconds)) };
  }

  it("counts every waiting generation: the newest's position and ETA match the naive rule", async () => {
    const newest = await db().generation.findUniqueOrThrow({ where: { id: `vid_deepq${modelId}_${BACKLOG}` } });
    const [wait] = await eta.etaForMany(db(), [newest]);
    const expected = await naive(newest);
    expect(expected.position).toBe(BACKLOG);
    expect(wait).toEqual({ queuePosition: expected.position, etaSeconds: expected.eta });
    // Far beyond what reading the 500 oldest rows could give: 6,000 jobs of ~3.5 s over 4 slots.
    expect(wait!.etaSeconds).toBeGreaterThan(4_000);
  });

  it("a job in the middle is behind exactly the older ones; a new request goes behind all of them", async () => {
    const middle = await db().generation.findUniqueOrThrow({ where: { id: `vid_deepq${modelId}_2500` } });
    const [wait] = await eta.etaForMany(db(), [middle]);
    expect(wait).toEqual({ queuePosition: 2500, etaSeconds: (await naive(middle)).eta });
    const fresh = await eta.etaForNewJob(db(), { modelId, size: "720p", duration: 8, queue: "pro_priority" });
    expect(fresh.queuePosition).toBe(BACKLOG + 1);
    expect(fresh.etaSeconds).toBe((await naive({ createdAt: new Date(), duration: 8 })).eta);
  });

  it("positions only fall as the jobs ahead start", async () => {
    const newest = await db().generation.findUniqueOrThrow({ where: { id: `vid_deepq${modelId}_${BACKLOG}` } });
    const before = (await eta.etaForMany(db(), [newest]))[0]!;
    // The 1,000 oldest start (the shared read is at most a second old: wait it out).
    await db().$executeRaw`UPDATE generations SET started_at = now() - interval '1 hour'
      WHERE model_id = ${modelId} AND id IN (SELECT id FROM generations WHERE model_id = ${modelId} ORDER BY created_at LIMIT 1000)`;
    await new Promise((r) => setTimeout(r, 1_100));
    const after = (await eta.etaForMany(db(), [newest]))[0]!;
    expect(after.queuePosition).toBe(before.queuePosition! - 1000);
    expect(after.etaSeconds).toBeLessThan(before.etaSeconds);
    expect(after).toEqual({ queuePosition: (await naive(newest)).position, etaSeconds: (await naive(newest)).eta });
  });
});
