import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Job } from "pg-boss";
import type { Db, Generation } from "@vgen/db";
import { env } from "@vgen/config";
import {
  logger,
  config,
  isDatabaseUnavailable,
  retryWhileDatabaseUnavailable,
  GENERATION_QUEUE,
  getBoss,
  QUEUE_PRIORITY,
  type GenerationJob,
} from "../platform";
import { completeGeneration, failGeneration, markStarted, reportProgress } from "./store";
import { metrics, deleteExpiredRequestLogs } from "../observability";
import { fetchImage } from "../net";
import { GenerationFailure, localProvider, adapterFor, LOCAL_PROVIDER, targetFor } from "../providers";
import { mp4FileDurationMs, posterFromMp4, storePoster, outputKeyFor, storageBackend } from "../storage";
import { candidateRoutes, takeRoute } from "./route-slot";
import { again, DONE, type StepResult, stopUpstream, upstreamStep } from "./upstream-step";
import { startWebhookWorker } from "../delivery";
import { cancelOverdueGenerations } from "./overdue-sweep";
import { sweepExpiredOutputs } from "./retention";
import { startMailWorker } from "../mail";
import { drainAlertEvents } from "../alerts";

const PROGRESS_WRITE_INTERVAL_MS = 400;
/** How often each worker deletes outputs past their retention: soon after `expires_at`, at the cost of one indexed read. */
const RETENTION_SWEEP_MS = 10_000;
/** A provider's video whose poster frame takes longer than this is delivered without one. */
const UPSTREAM_POSTER_TIMEOUT_MS = 30_000;
const MSG_NO_ROUTE = "No provider can produce this request right now. Nothing was charged.";

async function loadImages(gen: Generation) {
  const fetchAll = (urls: string[]) =>
    Promise.all(
      urls.map((url) =>
        fetchImage(url).catch((err: Error) => {
          throw new GenerationFailure("reference_fetch_failed", `Could not use image ${url}: ${err.message}`);
        }),
      ),
    );
  const [firstFrame, lastFrame] = await fetchAll([gen.firstFrameUrl, gen.lastFrameUrl].filter((u): u is string => !!u));
  return { firstFrame, lastFrame, references: await fetchAll(gen.urls) };
}

/**
 * Stores a finished file (and its poster frame, when there is one) and completes the generation,
 * billed by the file's duration. The duration and poster are recorded before the video is stored,
 * so a crash after storing finishes from the stored file with both.
 */
async function storeAndComplete(
  db: Db,
  gen: Generation,
  work: { video: string; poster: string | null },
  deliveredMs: number,
  upstreamCostMicros: bigint,
) {
  // Its retention as completion will set it (the request's, else the account's): caches keep the files no longer.
  const retentionDays =
    gen.retentionDays ??
    (await db.account.findUniqueOrThrow({ where: { id: gen.accountId }, select: { retentionDays: true } })).retentionDays;
  const keepSeconds = retentionDays * 86_400;
  const posterKey = await storePoster(gen.id, work.poster, keepSeconds);
  await db.generation.update({ where: { id: gen.id }, data: { deliveredMs, upstreamCostMicros, posterKey } });
  const key = outputKeyFor(gen.id);
  try {
    await (await storageBackend()).put(key, work.video, keepSeconds);
  } catch (err) {
    throw new GenerationFailure("render_failed", "The video could not be stored. Nothing was charged.", (err as Error).message, {
      cause: err,
    });
  }
  // A finished render is never thrown away: recording it waits out a database outage.
  const finished = await retryWhileDatabaseUnavailable(
    () => completeGeneration(db, gen.id, key),
    (err, attempt) =>
      attempt === 1 &&
      logger.warn(
        { generationId: gen.id, err: (err as Error).message },
        "database unavailable: retrying the completion until it answers",
      ),
  );
  if (finished) metrics().generationsFinished.inc({ model: gen.modelId, status: "completed" });
}

/** Work files of one attempt: the video and, beside it, its poster frame. */
async function workPathsFor(gen: Generation): Promise<{ video: string; poster: string }> {
  const video = path.join(
    await (await storageBackend()).workDir(),
    `${outputKeyFor(gen.id)}.${process.pid}.${randomBytes(6).toString("hex")}.part`,
  );
  return { video, poster: `${video}.jpg` };
}

async function removeWorkFiles(work: { video: string; poster: string }) {
  await Promise.all([rm(work.video, { force: true }), rm(work.poster, { force: true })]).catch(() => {});
}

async function failWith(db: Db, gen: Generation, err: unknown): Promise<StepResult> {
  const failure =
    err instanceof GenerationFailure
      ? err
      : new GenerationFailure(
          "render_failed",
          "The renderer could not produce the video. Nothing was charged.",
          (err as Error).message ?? String(err),
        );
  logger.warn({ generationId: gen.id, code: failure.code, detail: failure.detail }, "generation failed");
  await db.routeAttempt.updateMany({
    where: { generationId: gen.id, endedAt: null },
    data: { endedAt: new Date(), outcome: "failed", errorDetail: (failure.detail ?? failure.message).slice(0, 1000) },
  });
  if (await failGeneration(db, gen.id, failure.code, failure.message)) {
    metrics().generationsFinished.inc({ model: gen.modelId, status: "failed" });
  }
  return DONE;
}

/** The embedded renderer: draws the clip in a child process while this job waits for it. */
async function renderLocally(db: Db, gen: Generation): Promise<StepResult> {
  const log = logger.child({ generationId: gen.id, model: gen.modelId });
  const abort = new AbortController();
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (pct: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
    lastWrite = now;
    pending = pending
      .then(async () => {
        // A canceled generation stops rendering at the next progress tick.
        if (!(await reportProgress(db, gen.id, pct))) abort.abort();
      })
      // A failed progress write is not a failed render, and must never be an unhandled rejection
      // (the chain is only awaited once the render ends).
      .catch((err: unknown) => log.warn({ err }, "progress update failed"));
  };
  const renderStarted = Date.now();
  const work = await workPathsFor(gen);
  try {
    // Started and counted in one write: a worker killed from here on leaves a visible attempt.
    await markStarted(db, gen, { attempts: { increment: 1 } });
    await reportProgress(db, gen.id, 0);
    const images = await loadImages(gen);
    // Work in a temp file; the store takes it only once it is whole.
    await localProvider.generate(gen, images, {
      signal: abort.signal,
      onProgress,
      outPath: work.video,
      posterPath: work.poster,
    });
    await pending;
    if (abort.signal.aborted) throw new Error("canceled");
    const deliveredMs = await mp4FileDurationMs(work.video);
    if (deliveredMs === null)
      throw new GenerationFailure(
        "render_failed",
        "The renderer could not produce the video. Nothing was charged.",
        "no readable duration",
      );
    metrics().renderSeconds.observe({ size: gen.size }, (Date.now() - renderStarted) / 1000);
    await storeAndComplete(db, gen, work, deliveredMs, 0n);
    await db.routeAttempt.updateMany({
      where: { generationId: gen.id, endedAt: null },
      data: { endedAt: new Date(), outcome: "completed", deliveredMs },
    });
    log.info({ ms: Date.now() - renderStarted }, "generation completed");
    return DONE;
  } catch (err) {
    await pending.catch(() => {});
    if (abort.signal.aborted) {
      log.info("generation canceled while rendering");
      await db.routeAttempt.updateMany({
        where: { generationId: gen.id, endedAt: null },
        data: { endedAt: new Date(), outcome: "canceled" },
      });
      return DONE;
    }
    // Not the render's fault: the job fails and is retried (finishing from the stored output, if any).
    if (isDatabaseUnavailable(err)) throw err;
    return failWith(db, gen, err);
  } finally {
    await removeWorkFiles(work);
  }
}

/**
 * The poster frame of a provider's video, written to `posterPath`. A file that cannot be decoded
 * is still delivered (it was billed by its readable duration): without a poster, and logged.
 */
async function writeUpstreamPoster(gen: Generation, bytes: Buffer, posterPath: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no frame within ${UPSTREAM_POSTER_TIMEOUT_MS} ms`)), UPSTREAM_POSTER_TIMEOUT_MS);
  });
  try {
    await writeFile(posterPath, await Promise.race([posterFromMp4(bytes), timeout]));
    return posterPath;
  } catch (err) {
    logger.warn(
      { generationId: gen.id, err: (err as Error).message },
      "no poster frame from the provider's video: delivering it without one",
    );
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Delivers an upstream's finished MP4: through a work file into storage, like a local render. */
async function deliverUpstreamOutput(db: Db, gen: Generation, bytes: Buffer, deliveredMs: number, upstreamCostMicros: bigint) {
  const work = await workPathsFor(gen);
  try {
    await writeFile(work.video, bytes);
    const poster = await writeUpstreamPoster(gen, bytes, work.poster);
    await storeAndComplete(db, gen, { video: work.video, poster }, deliveredMs, upstreamCostMicros);
  } finally {
    await removeWorkFiles(work);
  }
}

/** Routes this generation already failed over from: not tried again. */
async function failedOverRoutes(db: Db, gen: Generation): Promise<Set<string>> {
  const rows = await db.routeAttempt.findMany({
    where: { generationId: gen.id, outcome: "failed_over" },
    select: { routeId: true },
  });
  return new Set(rows.map((r) => r.routeId));
}

/**
 * Runs the next step of one generation (docs/providers.md): takes a route when it has none (or
 * waits for one), then renders locally or advances its upstream job. Safe to run again after a
 * crash at any point: finishing is exactly-once and an upstream is never submitted to twice.
 */
export async function processGeneration(db: Db, generationId: string): Promise<StepResult> {
  let gen = await db.generation.findUnique({ where: { id: generationId } });
  if (!gen) return DONE;
  if (gen.status !== "processing") {
    await stopOnRoute(db, gen);
    return DONE;
  }
  try {
    // An earlier attempt stored the output but could not record it (its database went away, or its
    // process died right after): the stored file is whole, so finish from it instead of again.
    // (Not looked for while an upstream job is being followed: nothing can be stored before it ends.)
    const mayBeStored = gen.deliveredMs !== null || !gen.upstreamTaskId;
    if (mayBeStored && (await (await storageBackend()).open(outputKeyFor(gen.id)))) {
      logger.info({ generationId: gen.id }, "output already stored by an earlier attempt: completing");
      const finished = await retryWhileDatabaseUnavailable(() => completeGeneration(db, gen!.id, outputKeyFor(gen!.id)));
      if (finished) metrics().generationsFinished.inc({ model: gen.modelId, status: "completed" });
      return DONE;
    }
    // Test mode (docs/api.md#test-mode) is rendered here, on the local renderer, and never takes a
    // route: no upstream provider is ever called for it and it uses none of the routes' live slots.
    if (!gen.livemode) return await renderLocally(db, gen);
    if (!gen.routeId) {
      const excluded = await failedOverRoutes(db, gen);
      const { routes, reason } = await candidateRoutes(db, gen);
      const usable = routes.filter((r) => !excluded.has(r.id));
      if (!usable.length) {
        const detail = excluded.size ? "every route failed over" : reason;
        return failWith(db, gen, new GenerationFailure("upstream_error", MSG_NO_ROUTE, detail));
      }
      const choice = await takeRoute(db, gen, usable);
      if (choice.kind === "wait") return again(env().ROUTE_WAIT_POLL_MS);
      if (choice.kind === "none") return DONE;
      gen = await db.generation.findUniqueOrThrow({ where: { id: gen.id } });
    }
    const route = gen.routeId ? await db.modelRoute.findUnique({ where: { id: gen.routeId } }) : null;
    if (!route) return again(0);
    if (route.provider === LOCAL_PROVIDER) return await renderLocally(db, gen);
    const adapter = adapterFor(route.provider);
    const target = targetFor(route);
    if (!adapter || !target) {
      // Its credentials went away since the route was taken: nothing was sent, the next route takes it.
      await db.routeAttempt.updateMany({
        where: { generationId: gen.id, routeId: route.id, endedAt: null },
        data: { endedAt: new Date(), outcome: "failed_over", errorDetail: "not configured" },
      });
      await db.generation.updateMany({
        where: { id: gen.id, upstreamTaskId: null },
        data: { routeId: null, submitIntentAt: null },
      });
      return again(0);
    }
    const current = gen;
    return await upstreamStep({
      db,
      gen: current,
      route,
      adapter,
      target,
      deliver: (bytes, deliveredMs, cost) => deliverUpstreamOutput(db, current, bytes, deliveredMs, cost),
    });
  } catch (err) {
    // Not the generation's fault: the job fails and pg-boss runs it again.
    if (isDatabaseUnavailable(err)) throw err;
    return failWith(db, gen, err);
  }
}

/** A generation that stopped processing (its owner canceled it) while on an upstream: stop that job. */
async function stopOnRoute(db: Db, gen: Generation) {
  if (!gen.routeId) return;
  const route = await db.modelRoute.findUnique({ where: { id: gen.routeId } });
  const adapter = route ? adapterFor(route.provider) : null;
  const target = route ? targetFor(route) : null;
  if (route && adapter && target) await stopUpstream({ db, gen, route, adapter, target });
}

/**
 * Ends generations no worker will finish: those whose job pg-boss gave up on after its retries (a
 * render that kept killing its worker) fail with `render_failed`; any still processing after
 * GENERATION_MAX_AGE_SECONDS (default 6 h, past any render or upstream limit) fail with `timeout`.
 * Either way the hold is released.
 */
export async function reapStuckGenerations(db: Db, maxAgeSeconds = env().GENERATION_MAX_AGE_SECONDS): Promise<number> {
  const abandoned = await db.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM generations g
    WHERE g.status = 'processing'
      AND EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${GENERATION_QUEUE} AND j.state = 'failed' AND j.data->>'generationId' = g.id)
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${GENERATION_QUEUE} AND j.state < 'completed' AND j.data->>'generationId' = g.id)`;
  for (const { id } of abandoned) {
    await failGeneration(db, id, "render_failed", "The renderer stopped repeatedly on this generation. Nothing was charged.");
  }
  // A step that ended without scheduling the next one (its process died in between) is queued again.
  const orphaned = await db.$queryRaw<{ id: string; queue: keyof typeof QUEUE_PRIORITY }[]>`
    SELECT g.id, g.queue::text AS queue FROM generations g
    WHERE g.status = 'processing' AND g.created_at < now() - interval '1 minute'
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${GENERATION_QUEUE} AND j.data->>'generationId' = g.id
                        AND (j.state < 'completed' OR j.state = 'failed'))`;
  if (orphaned.length) {
    const boss = await getBoss();
    for (const { id, queue } of orphaned)
      await boss.send(GENERATION_QUEUE, { generationId: id }, { priority: QUEUE_PRIORITY[queue] });
    logger.warn({ count: orphaned.length }, "reaper: queued generations that had no job");
  }
  const expired = await db.generation.findMany({
    where: { status: "processing", createdAt: { lt: new Date(Date.now() - maxAgeSeconds * 1000) } },
    select: { id: true },
  });
  for (const { id } of expired) {
    await failGeneration(db, id, "timeout", "The generation did not finish in time. Nothing was charged.");
  }
  return abandoned.length + expired.length;
}

/** Queues the generation's next step after a delay, in its priority queue. */
async function scheduleStep(db: Db, generationId: string, afterMs: number) {
  const gen = await db.generation.findUnique({ where: { id: generationId }, select: { queue: true, status: true } });
  if (gen?.status !== "processing") return;
  const boss = await getBoss();
  await boss.send(
    GENERATION_QUEUE,
    { generationId },
    { priority: QUEUE_PRIORITY[gen.queue], startAfter: new Date(Date.now() + afterMs) },
  );
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Starts consuming the generation queue (and the webhook and mail queues) in this process. */
export async function startWorker(db: Db, concurrency = config().workerConcurrency): Promise<RunningWorker> {
  const boss = await getBoss();
  const workerId = await boss.work<GenerationJob>(
    GENERATION_QUEUE,
    // A slot fetches again as soon as it is free while a backlog waits (burst); otherwise every
    // second or on the insert's NOTIFY. At a 5 s poll a backlog drained at two jobs per 5 s.
    {
      localConcurrency: concurrency,
      batchSize: 1,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 1,
      burstWhenReadyExceeds: 1,
    },
    async (jobs: Job<GenerationJob>[]) => {
      for (const job of jobs) {
        const next = await processGeneration(db, job.data.generationId);
        if (!next.done) await scheduleStep(db, job.data.generationId, next.afterMs);
      }
    },
  );
  const webhooks = await startWebhookWorker(db);
  // Deadlines are kept to the second: a cheap indexed scan (only processing rows with a deadline).
  const deadlines = setInterval(() => {
    cancelOverdueGenerations(db).catch((err) => logger.error({ err }, "deadline sweep failed"));
  }, 1_000);
  deadlines.unref();
  const mail = await startMailWorker(db);
  // Balance alerts wait in their outbox for at most this long: one indexed lookup when there are none.
  const alerts = setInterval(() => {
    drainAlertEvents(db).catch((err) => logger.error({ err }, "alert drain failed"));
  }, 2_000);
  alerts.unref();
  const reaper = setInterval(() => {
    reapStuckGenerations(db).catch((err) => logger.error({ err }, "reaper failed"));
    deleteExpiredRequestLogs(db, env().REQUEST_LOG_RETENTION_DAYS).catch((err) =>
      logger.error({ err }, "request log cleanup failed"),
    );
  }, 60_000);
  reaper.unref();
  // Retention: a cheap scan of a partial index (outputs not yet deleted), empty almost every time.
  const retention = setInterval(() => {
    sweepExpiredOutputs(db).catch((err) => logger.error({ err }, "output retention sweep failed"));
  }, RETENTION_SWEEP_MS);
  retention.unref();
  logger.info({ concurrency }, "worker started");
  return {
    async stop() {
      clearInterval(reaper);
      clearInterval(retention);
      clearInterval(deadlines);
      clearInterval(alerts);
      await boss.offWork(GENERATION_QUEUE, { id: workerId, wait: true });
      await webhooks.stop();
      await mail.stop();
    },
  };
}
