import type { Db, Generation } from "@vgen/db";
import { config } from "./config";
import { defaultProcessingSeconds, queuedEtaSeconds, remainingRunningSeconds, runningEtaSeconds } from "./eta";

const HISTORY_SAMPLE = 20;
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; seconds: number }>();

/** Mean processing time of recent completed jobs of the same model/size/duration. */
export async function expectedProcessingSeconds(db: Db, modelId: string, size: string, duration: number): Promise<number> {
  const key = `${modelId}|${size}|${duration}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.seconds;
  const rows = await db.$queryRaw<{ avg: number | null; n: bigint }[]>`
    SELECT avg(extract(epoch FROM completed_at - started_at))::float8 AS avg, count(*) AS n FROM (
      SELECT completed_at, started_at FROM generations
      WHERE model_id = ${modelId} AND size = ${size} AND duration = ${duration}
        AND status = 'completed' AND started_at IS NOT NULL
      ORDER BY completed_at DESC LIMIT ${HISTORY_SAMPLE}) recent`;
  const learned = rows[0]?.avg;
  const seconds = learned && rows[0]!.n > 0n ? learned : defaultProcessingSeconds(size, duration);
  cache.set(key, { at: Date.now(), seconds });
  return seconds;
}

type Job = Pick<Generation, "id" | "modelId" | "size" | "duration" | "progress" | "startedAt" | "createdAt" | "queue">;

interface ActiveJobs {
  running: Job[];
  queued: Job[];
  /** Remaining seconds of each running job, keyed by id. */
  runningRemaining: Map<string, number>;
  /** Expected processing seconds of each queued job, keyed by id. */
  queuedExpected: Map<string, number>;
  /** What a job accepted now in each queue waits behind (every queued job is older than it). */
  newJobSnapshots: Map<string, QueueSnapshot>;
}

type QueueSnapshot = { runningRemaining: number[]; aheadExpected: number[]; concurrency: number };

const ACTIVE_SNAPSHOT_MS = 1_000;
let activeSnapshot: { at: number; jobs: Promise<ActiveJobs> } | null = null;

/**
 * The processing jobs as of at most a second ago: concurrent requests share one read instead of
 * each scanning the queue (an ETA is an estimate; a second of staleness does not change it).
 */
function loadActive(db: Db): Promise<ActiveJobs> {
  const now = Date.now();
  if (activeSnapshot && now - activeSnapshot.at < ACTIVE_SNAPSHOT_MS) return activeSnapshot.jobs;
  const jobs = readActive(db);
  activeSnapshot = { at: now, jobs };
  jobs.catch(() => {
    if (activeSnapshot?.jobs === jobs) activeSnapshot = null;
  });
  return jobs;
}

/** One read of the processing jobs, shared by every ETA computed from it. */
async function readActive(db: Db): Promise<ActiveJobs> {
  const active = await db.generation.findMany({
    where: { status: "processing" },
    select: { id: true, modelId: true, size: true, duration: true, progress: true, startedAt: true, createdAt: true, queue: true },
    orderBy: { createdAt: "asc" },
    take: 500,
  });
  const running = active.filter((j) => j.startedAt);
  const queued = active.filter((j) => !j.startedAt);
  const now = Date.now();
  const runningRemaining = new Map<string, number>();
  for (const j of running) {
    const expected = await expectedProcessingSeconds(db, j.modelId, j.size, j.duration);
    runningRemaining.set(j.id, remainingRunningSeconds(expected, (now - j.startedAt!.getTime()) / 1000, j.progress));
  }
  const queuedExpected = new Map<string, number>();
  for (const j of queued) queuedExpected.set(j.id, await expectedProcessingSeconds(db, j.modelId, j.size, j.duration));
  return { running, queued, runningRemaining, queuedExpected, newJobSnapshots: new Map() };
}

function snapshotFrom(active: ActiveJobs, own: { queue: string; createdAt: Date; id?: string }): QueueSnapshot {
  const runningRemaining = active.running.filter((j) => j.id !== own.id).map((j) => active.runningRemaining.get(j.id)!);
  const ahead = active.queued.filter((j) => j.id !== own.id && isAhead(j, own));
  return { runningRemaining, aheadExpected: ahead.map((j) => active.queuedExpected.get(j.id)!), concurrency: config().workerConcurrency };
}

async function snapshotAhead(db: Db, own: { queue: string; createdAt: Date; id?: string }) {
  return snapshotFrom(await loadActive(db), own);
}

/** Pro Priority is served first; within a queue, oldest first. */
function isAhead(job: { queue: string; createdAt: Date }, own: { queue: string; createdAt: Date }): boolean {
  if (job.queue !== own.queue) return job.queue === "pro_priority";
  return job.createdAt < own.createdAt;
}

/** ETA for a request about to be accepted. */
export async function etaForNewJob(db: Db, job: { modelId: string; size: string; duration: number; queue: string }): Promise<number> {
  const expected = await expectedProcessingSeconds(db, job.modelId, job.size, job.duration);
  const active = await loadActive(db);
  let snapshot = active.newJobSnapshots.get(job.queue);
  if (!snapshot) {
    snapshot = snapshotFrom(active, { queue: job.queue, createdAt: new Date() });
    active.newJobSnapshots.set(job.queue, snapshot);
  }
  return queuedEtaSeconds(expected, snapshot);
}

/** Live ETA for a stored generation; 0 once it is terminal. */
export async function etaFor(db: Db, gen: Job & { status: string }): Promise<number> {
  if (gen.status !== "processing") return 0;
  const expected = await expectedProcessingSeconds(db, gen.modelId, gen.size, gen.duration);
  if (gen.startedAt) return runningEtaSeconds(expected, (Date.now() - gen.startedAt.getTime()) / 1000, gen.progress);
  return queuedEtaSeconds(expected, await snapshotAhead(db, gen));
}

/** Live ETAs for many generations (a list page) with one read of the queue, not one per row. */
export async function etaForMany(db: Db, gens: (Job & { status: string })[]): Promise<number[]> {
  const queued = gens.filter((g) => g.status === "processing" && !g.startedAt);
  const active = queued.length > 0 ? await loadActive(db) : null;
  const out: number[] = [];
  for (const gen of gens) {
    if (gen.status !== "processing") {
      out.push(0);
      continue;
    }
    const expected = await expectedProcessingSeconds(db, gen.modelId, gen.size, gen.duration);
    if (gen.startedAt) out.push(runningEtaSeconds(expected, (Date.now() - gen.startedAt.getTime()) / 1000, gen.progress));
    else out.push(queuedEtaSeconds(expected, snapshotFrom(active!, gen)));
  }
  return out;
}
