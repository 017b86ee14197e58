/**
 * Run as its own process by cases/queue.ts (the engine's queue client is one per process and reads
 * DATABASE_URL): send-to-handler latency of the generation queue, exactly as the engine sends
 * (pg-boss's send inside a Prisma transaction) and works it (the worker's options), against a
 * bare LISTEN/NOTIFY round trip between two connections to the same server. One message in flight
 * at a time; rounds alternate floor and app. Prints {"floor": [ms...], "app": [ms...]} on stdout.
 * Args: --samples N (per round) --rounds R.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { createDb } from "@vgen/db";
import { GENERATION_QUEUE, getBoss, sendInTransaction, stopBoss, type GenerationJob } from "@vgen/engine/platform";
import { median } from "./stats";
const { values } = parseArgs({
  options: { samples: { type: "string", default: "100" }, rounds: { type: "string", default: "3" } },
});
const samples = Number(values.samples);
const rounds = Number(values.rounds);
const url = process.env.DATABASE_URL!;

type Waiter = { id: string; resolve: (at: number) => void };
let waiting: Waiter | null = null;

function arrived(id: string) {
  if (waiting?.id === id) waiting.resolve(performance.now());
}

function until(id: string): Promise<number> {
  return new Promise((resolve) => (waiting = { id, resolve }));
}

async function main() {
  // Floor: one connection listens, another notifies.
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), notifier.connect()]);
  listener.on("notification", (msg) => msg.payload && arrived(msg.payload));
  await listener.query("LISTEN bench_probe");

  // App: the engine's queue client and the worker's subscription options (engine/src/generations/worker/loop.ts).
  const db = createDb(url, 2);
  const boss = await getBoss();
  await boss.work<GenerationJob>(
    GENERATION_QUEUE,
    { localConcurrency: 2, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 },
    async (jobs) => {
      for (const job of jobs) arrived(job.data.generationId);
    },
  );

  const sides = {
    floor: async (id: string) => {
      const done = until(id);
      const sent = performance.now();
      await notifier.query("SELECT pg_notify('bench_probe', $1)", [id]);
      return (await done) - sent;
    },
    app: async (id: string) => {
      const done = until(id);
      const sent = performance.now();
      await db.$transaction((tx) => sendInTransaction(tx, GENERATION_QUEUE, { generationId: id } satisfies GenerationJob));
      return (await done) - sent;
    },
  };
  const out: Record<keyof typeof sides, number[]> = { floor: [], app: [] };
  let seq = 0;
  // Warm-up (not kept): first connections, the queue's first fetch, JIT.
  for (let i = 0; i < 10; i++) for (const side of ["floor", "app"] as const) await sides[side](`probe-${seq++}`);
  for (let round = 1; round <= rounds; round++) {
    for (const side of ["floor", "app"] as const) {
      const took: number[] = [];
      for (let i = 0; i < samples; i++) took.push(await sides[side](`probe-${seq++}`));
      out[side].push(...took);
      process.stderr.write(`round ${round}/${rounds} ${side}: median ${median(took).toFixed(2)} ms over ${samples}\n`);
    }
  }
  console.log(JSON.stringify(out));
  await stopBoss();
  await db.$disconnect();
  await Promise.all([listener.end(), notifier.end()]);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
