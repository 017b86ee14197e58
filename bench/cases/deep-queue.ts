/**
 * deep-queue: what a request costs when 20,000 generations are waiting ahead of it (issue 22 item 5):
 * create and poll through the app with that backlog in place (left processing, never canceled
 * during the round) against the same app with an empty queue. Each request's ETA and queue
 * position count the whole backlog, so a per-request cost that grew with the queue shows here.
 * The "floor" column is the app itself on an empty queue; rounds alternate empty, deep, empty, ...
 */
import pg from "pg";
import { createMany, createSpec, pollSpec } from "../lib/api";
import { BENCH_MODEL } from "../lib/app";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { p99Row, throughputRow } from "../lib/rows";
import { requestPathApp } from "../lib/targets";
import type { BenchCase, BenchRow } from "../lib/types";

const BACKLOG = 20_000;
const BACKLOG_PROMPT = "bench deep-queue backlog";

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Sets the queue for the next round: the requests' own generations of earlier rounds ended (as
 * the other cases do), and the backlog present or absent. The backlog is older than anything the
 * round creates or polls, so all of it is ahead of every request.
 */
async function setQueue(databaseUrl: string, deep: boolean, keep: string[]): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      "UPDATE generations SET status = 'canceled', completed_at = now() WHERE status = 'processing' AND prompt <> $1 AND NOT (id = ANY($2))",
      [BACKLOG_PROMPT, keep],
    );
    await client.query("DELETE FROM generations WHERE prompt = $1", [BACKLOG_PROMPT]);
    if (deep) {
      await client.query(
        `INSERT INTO generations (id, account_id, model_id, status, prompt, duration, size, aspect_ratio, width, height, urls,
           price_micros_per_second, billed_seconds, cost_micros, queue, seed, eta_seconds_at_accept, livemode, created_at)
         SELECT 'vid_benchdeep' || i, a.id, m.id, 'processing', $1, 2, '720p', '16:9', 1280, 720, '{}',
           m.price_micros_per_second, 2, 2 * m.price_micros_per_second, m.queue, 1, 10, true,
           now() - interval '1 day' + i * interval '1 millisecond'
         FROM generate_series(1, $2::int) AS i, (SELECT id FROM accounts ORDER BY created_at LIMIT 1) a,
           (SELECT id, price_micros_per_second, queue FROM catalog_models WHERE id = $3) m`,
        [BACKLOG_PROMPT, BACKLOG, BENCH_MODEL],
      );
    }
    // As autovacuum would soon after: the visibility map lets the waiting-jobs read stay index-only.
    await client.query("VACUUM (ANALYZE) generations");
  });
}

const deepQueueCase: BenchCase = {
  name: "deep-queue",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    await clearBacklog(app.databaseUrl);
    const count = ctx.short ? 50 : 200;
    const polled = await createMany(app.baseUrl, app.apiKey, count);
    // Rounds run empty (the "floor" side), deep (the "app" side), alternating; warm-up included.
    const toggle = () => {
      let calls = 0;
      return () => setQueue(app.databaseUrl, calls++ % 2 === 1, polled);
    };
    ctx.log(`deep-queue: ${BACKLOG} waiting generations ahead of every request on the deep side`);
    const poll = await alternateRounds(ctx, "deep-queue poll", { floor: app, app }, pollSpec(app.apiKey, polled), toggle());
    const create = await alternateRounds(ctx, "deep-queue create", { floor: app, app }, createSpec(app.apiKey), toggle());
    await setQueue(app.databaseUrl, false, []);
    const note = `floor column: the same app with an empty queue; app column: ${BACKLOG} waiting generations ahead`;
    const rows: BenchRow[] = [
      throughputRow("deep-queue", "poll throughput, deep vs empty queue (req/s)", poll.app, poll.floor, 0.8, note),
      p99Row("deep-queue", "poll p99, deep vs empty queue (ms)", poll.app, poll.floor, 1.5),
      throughputRow("deep-queue", "create throughput, deep vs empty queue (req/s)", create.app, create.floor, 0.8, note),
      p99Row("deep-queue", "create p99, deep vs empty queue (ms)", create.app, create.floor, 1.5),
    ];
    return rows;
  },
};

export default deepQueueCase;
