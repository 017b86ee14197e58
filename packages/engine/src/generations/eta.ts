import type { Db, Generation } from "@vgen/db";
import { env } from "@vgen/config";
import {
  defaultProcessingSeconds,
  queuedEtaSeconds,
  remainingRunningSeconds,
  runningEtaSeconds,
  type QueueLoad,
} from "./eta-math";

const HISTORY_SAMPLE = 20;
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; seconds: number }>();

/** Mean processing time of recent completed jobs of the same model/size/duration. */
async function expectedProcessingSeconds(db: Db, modelId: string, size: string, duration: number): Promise<number> {
  const key = `${modelId}|${size}|${duration}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.seconds;
  const rows = await db.$queryRaw<{ avg: number | null; n: bigint }[]>`
    SELECT avg(extract(epoch FROM completed_at - started_at))::float8 AS avg, count(*) AS n FROM (
      SELECT completed_at, started_at FROM generations
      WHERE model_id = ${modelId} AND size = ${size} AND duration = ${duration}
        AND status = 'completed' AND started_at IS NOT NULL
      ORDER BY completed_at DESC LIMIT ${HISTORY_SAMPLE}) recent`;
  const [recent] = rows;
  const seconds = recent?.avg && recent.n > 0n ? recent.avg : defaultProcessingSeconds(size, duration);
  cache.set(key, { at: Date.now(), seconds });
  return seconds;
}

type Job = Pick<Generation, "id" | "modelId" | "size" | "duration" | "progress" | "startedAt" | "createdAt" | "queue">;

const PRIORITY_QUEUE = "pro_priority";

/** One queue's waiting jobs, oldest first, with the running total of their expected seconds. */
interface QueueIndex {
  createdAt: number[];
  cumulativeSeconds: number[];
}

/** Processing jobs sharing slots (the workers, or one model's routes), indexed so the work ahead of any job takes two look-ups. */
interface JobPool {
  /** Remaining seconds of each running job, keyed by id. */
  runningRemaining: Map<string, number>;
  runningSeconds: number;
  queues: Map<string, QueueIndex>;
}

/** The processing jobs at one moment: all of them against the workers, and each model's against its routes. */
interface ActiveJobs {
  all: JobPool;
  byModel: Map<string, JobPool>;
  /** Sum of the concurrency limits of each model's enabled routes. */
  routeSlots: Map<string, number>;
}

const emptyPool = (): JobPool => ({ runningRemaining: new Map(), runningSeconds: 0, queues: new Map() });

function addRunning(pool: JobPool, id: string, remaining: number) {
  pool.runningRemaining.set(id, remaining);
  pool.runningSeconds += remaining;
}

function addQueued(pool: JobPool, queueName: string, createdAt: Date, expected: number) {
  let queue = pool.queues.get(queueName);
  if (!queue) {
    queue = { createdAt: [], cumulativeSeconds: [] };
    pool.queues.set(queueName, queue);
  }
  queue.createdAt.push(createdAt.getTime());
  queue.cumulativeSeconds.push((queue.cumulativeSeconds.at(-1) ?? 0) + expected);
}

/** One read of the processing jobs and the routes' capacity, shared by every ETA computed from it. */
async function loadActive(db: Db): Promise<ActiveJobs> {
  const [active, slots] = await Promise.all([
    db.generation.findMany({
      where: { status: "processing" },
      select: {
        id: true,
        modelId: true,
        size: true,
        duration: true,
        progress: true,
        startedAt: true,
        createdAt: true,
        queue: true,
      },
      orderBy: { createdAt: "asc" },
      take: 500,
    }),
    db.modelRoute.groupBy({ by: ["modelId"], where: { enabled: true }, _sum: { maxConcurrency: true } }),
  ]);
  const now = Date.now();
  const jobs: ActiveJobs = {
    all: emptyPool(),
    byModel: new Map(),
    routeSlots: new Map(slots.map((s) => [s.modelId, s._sum.maxConcurrency ?? 0])),
  };
  for (const j of active) {
    const expected = await expectedProcessingSeconds(db, j.modelId, j.size, j.duration);
    let model = jobs.byModel.get(j.modelId);
    if (!model) {
      model = emptyPool();
      jobs.byModel.set(j.modelId, model);
    }
    if (j.startedAt) {
      const remaining = remainingRunningSeconds(expected, (now - j.startedAt.getTime()) / 1000, j.progress);
      addRunning(jobs.all, j.id, remaining);
      addRunning(model, j.id, remaining);
    } else {
      addQueued(jobs.all, j.queue, j.createdAt, expected);
      addQueued(model, j.queue, j.createdAt, expected);
    }
  }
  return jobs;
}

/** Queued jobs of one queue created strictly before `at`, and their expected seconds. */
function olderThan(queue: QueueIndex | undefined, at: number): { jobs: number; seconds: number } {
  if (!queue) return { jobs: 0, seconds: 0 };
  let lo = 0;
  let hi = queue.createdAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (queue.createdAt[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return { jobs: lo, seconds: queue.cumulativeSeconds[lo - 1] ?? 0 };
}

/** What a queued job waits for in a pool: every running job, then Pro Priority first and, within a queue, oldest first. */
function loadAhead(pool: JobPool, own: { queue: string; createdAt: Date; id?: string }, concurrency: number): QueueLoad {
  let jobs = pool.runningRemaining.size;
  let seconds = pool.runningSeconds;
  const ownRunning = own.id === undefined ? undefined : pool.runningRemaining.get(own.id);
  if (ownRunning !== undefined) {
    jobs -= 1;
    seconds -= ownRunning;
  }
  const sameQueue = olderThan(pool.queues.get(own.queue), own.createdAt.getTime());
  jobs += sameQueue.jobs;
  seconds += sameQueue.seconds;
  if (own.queue !== PRIORITY_QUEUE) {
    const priority = olderThan(pool.queues.get(PRIORITY_QUEUE), Infinity);
    jobs += priority.jobs;
    seconds += priority.seconds;
  }
  return { jobs, seconds, concurrency };
}

/**
 * A queued job waits for a worker and for a slot on one of its model's routes (docs/api.md#eta):
 * its ETA is the longer of the two waits.
 */
function queuedEta(
  active: ActiveJobs,
  expected: number,
  own: { modelId: string; queue: string; createdAt: Date; id?: string },
): number {
  const byWorkers = queuedEtaSeconds(expected, loadAhead(active.all, own, env().WORKER_CONCURRENCY));
  const slots = active.routeSlots.get(own.modelId);
  const model = active.byModel.get(own.modelId);
  if (!slots || !model) return byWorkers;
  return Math.max(byWorkers, queuedEtaSeconds(expected, loadAhead(model, own, slots)));
}

/** ETA for a request about to be accepted. */
export async function etaForNewJob(
  db: Db,
  job: { modelId: string; size: string; duration: number; queue: string },
): Promise<number> {
  const expected = await expectedProcessingSeconds(db, job.modelId, job.size, job.duration);
  return queuedEta(await recentActive(db), expected, { ...job, createdAt: new Date() });
}

/** Live ETA for a stored generation; 0 once it is terminal. */
export async function etaFor(db: Db, gen: Job & { status: string }): Promise<number> {
  return (await etaForMany(db, [gen]))[0]!;
}

/** Live ETAs for many generations (a list page) with one read of the queue, not one per row. */
export function etaForMany(db: Db, gens: (Job & { status: string })[]): Promise<number[]> {
  return etasFrom(db, gens, () => recentActive(db));
}

/** A reader of the queue that reads it at most once per `maxAgeMs` (per database) and shares that read. */
function cachedActive(maxAgeMs: number): (db: Db) => Promise<ActiveJobs> {
  const reads = new WeakMap<Db, { at: number; active: Promise<ActiveJobs> }>();
  return (db) => {
    const cached = reads.get(db);
    if (cached && Date.now() - cached.at <= maxAgeMs) return cached.active;
    const read = { at: Date.now(), active: loadActive(db) };
    read.active.catch(() => reads.get(db) === read && reads.delete(db));
    reads.set(db, read);
    return read.active;
  };
}

/**
 * The queue as of at most a second ago, for every request of this process: concurrent creates
 * and polls share one read instead of each scanning the queue (a second does not change an ETA).
 */
const recentActive = cachedActive(1_000);

/**
 * ETAs for a caller that asks often for many generations (the live event streams): the queue is
 * read at most once per `maxAgeMs` and that read is shared, so queued ETAs lag the queue by at
 * most that much; a running generation's ETA always follows its own row.
 */
export function sharedQueueEtas(db: Db, maxAgeMs: number): (gens: (Job & { status: string })[]) => Promise<number[]> {
  const active = cachedActive(maxAgeMs);
  return (gens) => etasFrom(db, gens, () => active(db));
}

async function etasFrom(db: Db, gens: (Job & { status: string })[], activeJobs: () => Promise<ActiveJobs>): Promise<number[]> {
  const queued = gens.some((g) => g.status === "processing" && !g.startedAt);
  const active = queued ? await activeJobs() : null;
  const out: number[] = [];
  for (const gen of gens) {
    if (gen.status !== "processing") {
      out.push(0);
      continue;
    }
    const expected = await expectedProcessingSeconds(db, gen.modelId, gen.size, gen.duration);
    if (gen.startedAt) out.push(runningEtaSeconds(expected, (Date.now() - gen.startedAt.getTime()) / 1000, gen.progress));
    else out.push(queuedEta(active!, expected, gen));
  }
  return out;
}
