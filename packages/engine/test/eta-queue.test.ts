// The queue side of ETAs: the work ahead of a waiting job is every running job, then Pro
// Priority first and, within a queue, the older jobs. Checked against that rule written out naively.
import { describe, expect, it, vi } from "vitest";
import type { Db, Generation } from "@vgen/db";
import { env } from "@vgen/config";
import { defaultProcessingSeconds } from "../src/generations/eta-math";
import { etaForMany } from "../src/generations/eta";

type Job = Pick<Generation, "id" | "modelId" | "size" | "duration" | "progress" | "startedAt" | "createdAt" | "queue"> & {
  status: string;
};

const t0 = Date.parse("2026-01-01T00:00:00Z");
let n = 0;
function job(queue: Generation["queue"], size: string, duration: number, createdMs: number, startedAt: Date | null = null): Job {
  return {
    id: `vid_${n++}`,
    modelId: "gen-test",
    size,
    duration,
    progress: 0,
    startedAt,
    createdAt: new Date(t0 + createdMs),
    queue,
    status: "processing",
  };
}

/** The waiting jobs the hot-statements pool answers (eta.ts reads them there), as the latest dbWith set them. */
const waiting = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock("@vgen/db", async (original) => ({
  ...(await original<typeof import("@vgen/db")>()),
  getHotStatements: () => ({ rows: async () => waiting.rows }),
}));

/**
 * A database with these processing jobs and no render history (every job takes its default time),
 * and no routes (so only the workers' wait counts; the routes' wait is route-runner.test.ts's).
 */
function dbWith(active: Job[]): Db {
  const processing = active.filter((j) => j.status === "processing");
  // The waiting jobs grouped, as the hot read returns them: creation instants in epoch milliseconds.
  waiting.rows = processing
    .filter((j) => !j.startedAt)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((j) => ({ ...j, createdAtMs: j.createdAt.getTime(), jobs: 1 }));
  return {
    modelRoute: { groupBy: async () => [] },
    // The two reads of eta.ts on the client, told apart by their SQL: running jobs, history.
    $queryRaw: async (sql: TemplateStringsArray) => {
      const text = sql.join("?");
      if (text.includes("started_at IS NOT NULL")) return processing.filter((j) => j.startedAt);
      return [{ avg: null, n: 0n }];
    },
  } as unknown as Db;
}

function naiveEta(own: Job, active: Job[]): number {
  const running = active.filter((j) => j.startedAt && j.id !== own.id);
  const ahead = active.filter(
    (j) => !j.startedAt && j.id !== own.id && (j.queue !== own.queue ? j.queue === "pro_priority" : j.createdAt < own.createdAt),
  );
  // Running jobs here started long ago at progress 0: nothing of them remains.
  const seconds = ahead.reduce((sum, j) => sum + defaultProcessingSeconds(j.size, j.duration), 0);
  const slots = Math.max(1, env().WORKER_CONCURRENCY);
  const wait = running.length + ahead.length < slots ? 0 : seconds / slots;
  return Math.max(1, Math.ceil(wait + defaultProcessingSeconds(own.size, own.duration)));
}

describe("queued ETAs", () => {
  it("count running jobs, Pro Priority first, then older jobs of the same queue", async () => {
    const longAgo = new Date(Date.now() - 3_600_000);
    const active = [
      job("standard", "720p", 4, 0, longAgo),
      job("pro_priority", "1080p", 8, 1, longAgo),
      job("standard", "720p", 2, 10),
      job("pro_priority", "1080p", 4, 20),
      job("standard", "1080p", 8, 30),
      job("standard", "4k", 4, 30),
      job("pro_priority", "720p", 6, 40),
      job("standard", "720p", 1, 50),
    ];
    // Not in the snapshot yet (created after it was read): everything queued counts as older.
    const late = job("standard", "720p", 3, 60);
    const gens = [...active.filter((j) => !j.startedAt), late];
    const etas = (await etaForMany(dbWith(active), gens)).map((w) => w.etaSeconds);
    expect(etas).toEqual(gens.map((g) => naiveEta(g, active)));
    // The oldest Pro Priority job waits for the running ones only; the newest standard one for everything.
    expect(etas[1]).toBeLessThan(etas[0]!);
    expect(Math.max(...etas)).toBe(etas[etas.length - 1]);
  });

  it("a job starts at once while a slot is free, and a finished one has no ETA", async () => {
    const only = job("standard", "720p", 4, 0);
    const done = { ...job("standard", "720p", 4, 0), status: "completed" };
    expect(await etaForMany(dbWith([only]), [only, done])).toEqual([
      { etaSeconds: Math.ceil(defaultProcessingSeconds("720p", 4)), queuePosition: 1 },
      { etaSeconds: 0, queuePosition: null },
    ]);
  });
});
