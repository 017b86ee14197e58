/**
 * queue: how long a job takes from the engine's send (enqueueGeneration in a transaction) to the
 * worker's handler, with pg-boss as the engine configures it, against a bare LISTEN/NOTIFY round
 * trip on the same server. Runs in its own process (lib/queue-probe.ts) on a fresh database.
 */
import { runNode } from "../lib/process";
import { percentile } from "../lib/stats";
import type { BenchCase, BenchRow } from "../lib/types";

const queueCase: BenchCase = {
  name: "queue",
  async run(ctx) {
    const databaseUrl = await ctx.freshDatabase("queue");
    const samples = ctx.short ? 50 : 300;
    ctx.log(`queue: ${samples} messages per round, 3 rounds per side, one in flight`);
    const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", NODE_ENV: "production" };
    const output = await runNode(
      ["--import", "tsx", "bench/lib/queue-probe.ts", "--samples", String(samples), "--rounds", "3"],
      env,
      "queue",
    );
    const { floor, app } = JSON.parse(output.trim().split("\n").at(-1)!) as { floor: number[]; app: number[] };
    const row = (label: string, p: number): BenchRow => ({
      case: "queue",
      metric: `send to handler, ${label} (ms)`,
      unit: "ms",
      app: Math.round(percentile(app, p) * 100) / 100,
      floor: Math.round(percentile(floor, p) * 100) / 100,
      better: "lower",
      target: null,
      met: null,
      note: `app: pg-boss (engine's enqueueGeneration + worker options); floor: LISTEN/NOTIFY between two connections; ${app.length} samples per side`,
    });
    return [row("median", 50), row("p99", 99)];
  },
};

export default queueCase;
