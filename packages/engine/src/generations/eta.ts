import { getHotStatements, NOT_A_CONCATENATION, type Db, type Generation } from "@vgen/db";
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
        AND status = 'completed' AND started_at IS NOT NULL AND ${NOT_A_CONCATENATION}
      ORDER BY completed_at DESC LIMIT ${HISTORY_SAMPLE}) recent`;
  const [recent] = rows;
  const seconds = recent?.avg && recent.n > 0n ? recent.avg : defaultProcessingSeconds(size, duration);
  cache.set(key, { at: Date.now(), seconds });
  return seconds;
}

type Job = Pick<Generation, "id" | "modelId" | "size" | "duration" | "progress" | "startedAt" | "createdAt" | "queue">;

const PRIORITY_QUEUE = "pro_priority";

/** One queue's waiting jobs, oldest first, with the running totals of their count and expected seconds. */
interface QueueIndex {
  createdAt: number[];
  cumulativeJobs: number[];
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
  /**
   * WORKER_CONCURRENCY as of the read: env() re-reads every variable to notice a change (about
   * 20 µs), too much to pay per ETA on every poll and create.
   */
  workers: number;
}

/** How long a generation has left, and while it waits to start, its place in its model's queue (1: next). */
export interface QueueWait {
  etaSeconds: number;
  queuePosition: number | null;
}

const emptyPool = (): JobPool => ({ runningRemaining: new Map(), runningSeconds: 0, queues: new Map() });

function addRunning(pool: JobPool, id: string, remaining: number) {
  pool.runningRemaining.set(id, remaining);
  pool.runningSeconds += remaining;
}

/** Appends `jobs` waiting jobs created at `createdAtMs` (callers add them oldest first). */
function addQueued(pool: JobPool, queueName: string, createdAtMs: number, jobs: number, expected: number) {
  let queue = pool.queues.get(queueName);
  if (!queue) {
    queue = { createdAt: [], cumulativeJobs: [], cumulativeSeconds: [] };
    pool.queues.set(queueName, queue);
  }
  queue.createdAt.push(createdAtMs);
  queue.cumulativeJobs.push((queue.cumulativeJobs.at(-1) ?? 0) + jobs);
  queue.cumulativeSeconds.push((queue.cumulativeSeconds.at(-1) ?? 0) + jobs * expected);
}

interface RunningRow {
  id: string;
  modelId: string;
  size: string;
  duration: number;
  progress: number;
  startedAt: Date;
}

interface QueuedGroup {
  queue: string;
  modelId: string;
  size: string;
  duration: number;
  createdAtMs: number;
  jobs: number;
}

/**
 * The waiting jobs, aggregated over generations_waiting_idx (index-only), on the hot-statements pool:
 * at 20,000 waiting this is 20,000 rows, and the creation instant as epoch milliseconds instead of
 * a parsed timestamp, without Prisma's mapping, takes a third of the CPU (~15 ms a read instead of
 * ~45 ms, bench/README.md).
 */
const QUEUED_GROUPS = {
  name: "eta_queued_groups",
  text: `SELECT queue::text AS queue, model_id AS "modelId", size, duration,
      floor(extract(epoch FROM created_at) * 1000)::float8 AS "createdAtMs", count(*)::int AS jobs
    FROM generations WHERE status = 'processing' AND started_at IS NULL
    GROUP BY created_at, queue, model_id, size, duration
    ORDER BY created_at`,
};

/**
 * One read of the processing jobs and the routes' capacity, shared by every ETA computed from it.
 * Running jobs are few (at most the slots of workers and routes) and read one by one; waiting jobs
 * can be tens of thousands, so they are read as an aggregate over the partial index of waiting
 * jobs (generations_waiting_idx, index-only): one row per queue, model, size, duration and creation
 * instant, never the rows themselves.
 */
async function loadActive(db: Db): Promise<ActiveJobs> {
  const [running, queued, slots] = await Promise.all([
    db.$queryRaw<RunningRow[]>`
      SELECT id, model_id AS "modelId", size, duration, progress, started_at AS "startedAt"
        FROM generations WHERE status = 'processing' AND started_at IS NOT NULL`,
    getHotStatements().rows<QueuedGroup>(QUEUED_GROUPS, []),
    db.modelRoute.groupBy({ by: ["modelId"], where: { enabled: true }, _sum: { maxConcurrency: true } }),
  ]);
  const now = Date.now();
  const jobs: ActiveJobs = {
    all: emptyPool(),
    byModel: new Map(),
    routeSlots: new Map(slots.map((s) => [s.modelId, s._sum.maxConcurrency ?? 0])),
    workers: env().WORKER_CONCURRENCY,
  };
  const modelPool = (modelId: string) => {
    let model = jobs.byModel.get(modelId);
    if (!model) {
      model = emptyPool();
      jobs.byModel.set(modelId, model);
    }
    return model;
  };
  for (const j of running) {
    const expected = await expectedProcessingSeconds(db, j.modelId, j.size, j.duration);
    const remaining = remainingRunningSeconds(expected, (now - j.startedAt.getTime()) / 1000, j.progress);
    addRunning(jobs.all, j.id, remaining);
    addRunning(modelPool(j.modelId), j.id, remaining);
  }
  // One expectation per kind of job, not one await per row of a deep queue.
  const expectations = new Map<string, number>();
  for (const g of queued) {
    const kind = `${g.modelId}|${g.size}|${g.duration}`;
    let expected = expectations.get(kind);
    if (expected === undefined) {
      expected = await expectedProcessingSeconds(db, g.modelId, g.size, g.duration);
      expectations.set(kind, expected);
    }
    addQueued(jobs.all, g.queue, g.createdAtMs, g.jobs, expected);
    addQueued(modelPool(g.modelId), g.queue, g.createdAtMs, g.jobs, expected);
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
  return { jobs: queue.cumulativeJobs[lo - 1] ?? 0, seconds: queue.cumulativeSeconds[lo - 1] ?? 0 };
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
 * its ETA is the longer of the two waits. Its queue position is its place among its model's
 * waiting jobs (the queue its routes serve): 1 + those created before it. Jobs only leave the
 * part ahead of it and new ones join behind, so the position never rises.
 */
function queuedWait(
  active: ActiveJobs,
  expected: number,
  own: { modelId: string; queue: string; createdAt: Date; id?: string },
): QueueWait {
  const byWorkers = queuedEtaSeconds(expected, loadAhead(active.all, own, active.workers));
  const model = active.byModel.get(own.modelId);
  const queuePosition = 1 + olderThan(model?.queues.get(own.queue), own.createdAt.getTime()).jobs;
  const slots = active.routeSlots.get(own.modelId);
  if (!slots || !model) return { etaSeconds: byWorkers, queuePosition };
  return { etaSeconds: Math.max(byWorkers, queuedEtaSeconds(expected, loadAhead(model, own, slots))), queuePosition };
}

/** ETA and queue position for a request about to be accepted: behind everything waiting now. */
export async function etaForNewJob(
  db: Db,
  job: { modelId: string; size: string; duration: number; queue: string },
): Promise<QueueWait> {
  const expected = await expectedProcessingSeconds(db, job.modelId, job.size, job.duration);
  return queuedWait(await recentActive(db), expected, { ...job, createdAt: new Date() });
}

/** Live ETA and queue position of a stored generation; 0 and null once it is terminal. */
export async function etaFor(db: Db, gen: Job & { status: string }): Promise<QueueWait> {
  return (await etaForMany(db, [gen]))[0]!;
}

/** Live ETAs for many generations (a list page) with one read of the queue, not one per row. */
export function etaForMany(db: Db, gens: (Job & { status: string })[]): Promise<QueueWait[]> {
  return etasFrom(db, gens, () => recentActive(db));
}

interface QueueRead {
  /** When the read started: its figures are at least this old. */
  at: number;
  active: Promise<ActiveJobs>;
  /** The read has answered. */
  landed: boolean;
}

/**
 * A reader of the queue that reads it at most once per `maxAgeMs` (per database) and shares that
 * read. Past three quarters of that age the next read starts in the background and replaces the
 * current one when it lands, so callers wait for a read only on a cold start (or when a read takes
 * longer than the last quarter): with tens of thousands waiting a read takes ~60 ms, which every
 * request that arrived meanwhile used to wait for, once a second (the deep-queue bench's p99).
 * Refreshing at half the age doubled the reads, and cost the deep queue's creates throughput.
 */
function cachedActive(maxAgeMs: number): (db: Db) => Promise<ActiveJobs> {
  const reads = new WeakMap<Db, { current: QueueRead; refresh?: QueueRead }>();
  const read = (db: Db): QueueRead => {
    const r: QueueRead = { at: Date.now(), active: loadActive(db), landed: false };
    r.active.then(
      () => {
        r.landed = true;
      },
      () => {},
    );
    return r;
  };
  return (db) => {
    const now = Date.now();
    const entry = reads.get(db);
    if (!entry || now - entry.current.at > maxAgeMs) {
      // Too old to answer from: the refresh in flight if it is young enough, else a new read.
      const refresh = entry?.refresh;
      const current = refresh && now - refresh.at <= maxAgeMs ? refresh : read(db);
      const fresh: { current: QueueRead; refresh?: QueueRead } = { current };
      reads.set(db, fresh);
      current.active.catch(() => reads.get(db) === fresh && reads.delete(db));
      return current.active;
    }
    if (!entry.refresh && entry.current.landed && now - entry.current.at > (maxAgeMs * 3) / 4) {
      const refresh = read(db);
      const owner = entry;
      owner.refresh = refresh;
      refresh.active.then(
        () => {
          if (reads.get(db) === owner) reads.set(db, { current: refresh });
        },
        () => {
          owner.refresh = undefined;
        },
      );
    }
    return entry.current.active;
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
export function sharedQueueEtas(db: Db, maxAgeMs: number): (gens: (Job & { status: string })[]) => Promise<QueueWait[]> {
  const active = cachedActive(maxAgeMs);
  return (gens) => etasFrom(db, gens, () => active(db));
}

async function etasFrom(db: Db, gens: (Job & { status: string })[], activeJobs: () => Promise<ActiveJobs>): Promise<QueueWait[]> {
  const queued = gens.some((g) => g.status === "processing" && !g.startedAt);
  const active = queued ? await activeJobs() : null;
  const out: QueueWait[] = [];
  for (const gen of gens) {
    if (gen.status !== "processing") {
      out.push({ etaSeconds: 0, queuePosition: null });
      continue;
    }
    const expected = await expectedProcessingSeconds(db, gen.modelId, gen.size, gen.duration);
    if (gen.startedAt)
      out.push({
        etaSeconds: runningEtaSeconds(expected, (Date.now() - gen.startedAt.getTime()) / 1000, gen.progress),
        queuePosition: null,
      });
    else out.push(queuedWait(active!, expected, gen));
  }
  return out;
}
