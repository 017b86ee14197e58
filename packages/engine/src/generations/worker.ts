import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Job } from "pg-boss";
import type { Db, Generation } from "@vgen/db";
import { env } from "@vgen/config";
import { config } from "../platform/config";
import { isDatabaseUnavailable, retryWhileDatabaseUnavailable } from "../platform/db-unavailable";
import { completeGeneration, failGeneration, reportProgress } from "./store";
import { logger } from "../observability/logger";
import { metrics } from "../observability/metrics";
import { fetchImage } from "../net/safe-fetch";
import { GENERATION_QUEUE, getBoss, type GenerationJob } from "../platform/queue";
import { GenerationFailure } from "../providers/types";
import { providerFor } from "../providers/provider-for";
import { outputKeyFor, storageBackend } from "../storage/backend";
import { startWebhookWorker } from "../delivery/worker";


const PROGRESS_WRITE_INTERVAL_MS = 400;

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

/** Runs one generation to a terminal state. Safe to run again after a crash: finishing is exactly-once. */
export async function processGeneration(db: Db, generationId: string): Promise<void> {
  const gen = await db.generation.findUnique({ where: { id: generationId } });
  if (gen?.status !== "processing") return;
  await db.generation.update({
    where: { id: gen.id },
    data: { startedAt: gen.startedAt ?? new Date(), attempts: { increment: 1 } },
  });
  await reportProgress(db, gen.id, 0);
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
  let workPath: string | undefined;
  try {
    const key = outputKeyFor(gen.id);
    const storage = await storageBackend();
    // An earlier attempt stored the output but could not record it (its database went away, or its
    // process died right after): the stored file is whole, so finish from it instead of rendering again.
    const stored = await storage.open(key);
    if (!stored) {
      const images = await loadImages(gen);
      // The model's provider route: "local" renders here, any other name is a configured upstream.
      const model = await db.catalogModel.findUnique({ where: { id: gen.modelId }, select: { provider: true } });
      const provider = providerFor(model?.provider);
      // Work in a temp file; the store takes it only once it is whole.
      workPath = path.join(await storage.workDir(), `${key}.${process.pid}.${randomBytes(6).toString("hex")}.part`);
      await provider.generate(gen, images, {
        signal: abort.signal,
        onProgress,
        outPath: workPath,
        onUpstreamTask: async (taskId) => {
          await db.generation.update({ where: { id: gen.id }, data: { upstreamTaskId: taskId } });
        },
      });
      await pending;
      if (abort.signal.aborted) throw new Error("canceled");
      try {
        await storage.put(key, workPath);
      } catch (err) {
        throw new GenerationFailure("render_failed", "The video could not be stored. Nothing was charged.", (err as Error).message, { cause: err });
      }
      metrics().renderSeconds.observe({ size: gen.size }, (Date.now() - renderStarted) / 1000);
    } else {
      log.info("output already stored by an earlier attempt: completing without rendering again");
    }
    // A finished render is never thrown away: recording it waits out a database outage.
    const finished = await retryWhileDatabaseUnavailable(
      () => completeGeneration(db, gen.id, key),
      (err, attempt) => attempt === 1 && log.warn({ err: (err as Error).message }, "database unavailable: retrying the completion until it answers"),
    );
    if (finished) metrics().generationsFinished.inc({ model: gen.modelId, status: "completed" });
    log.info({ ms: Date.now() - renderStarted }, "generation completed");
  } catch (err) {
    await pending.catch(() => {});
    if (abort.signal.aborted) {
      log.info("generation canceled while rendering");
      return;
    }
    // Not the render's fault: the job fails and is retried (finishing from the stored output, if any).
    if (isDatabaseUnavailable(err)) throw err;
    const failure =
      err instanceof GenerationFailure
        ? err
        : new GenerationFailure("render_failed", "The renderer could not produce the video. Nothing was charged.", (err as Error).message ?? String(err));
    log.warn({ code: failure.code, err: (err as Error).message, detail: failure.detail }, "generation failed");
    if (await failGeneration(db, gen.id, failure.code, failure.message)) {
      metrics().generationsFinished.inc({ model: gen.modelId, status: "failed" });
    }
  } finally {
    if (workPath) await rm(workPath, { force: true }).catch(() => {});
  }
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
  const expired = await db.generation.findMany({
    where: { status: "processing", createdAt: { lt: new Date(Date.now() - maxAgeSeconds * 1000) } },
    select: { id: true },
  });
  for (const { id } of expired) {
    await failGeneration(db, id, "timeout", "The generation did not finish in time. Nothing was charged.");
  }
  return abandoned.length + expired.length;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Starts consuming the generation queue (and the webhook queue) in this process. */
export async function startWorker(db: Db, concurrency = config().workerConcurrency): Promise<RunningWorker> {
  const boss = await getBoss();
  const workerId = await boss.work<GenerationJob>(
    GENERATION_QUEUE,
    { localConcurrency: concurrency, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 },
    async (jobs: Job<GenerationJob>[]) => {
      for (const job of jobs) await processGeneration(db, job.data.generationId);
    },
  );
  const webhooks = await startWebhookWorker(db);
  const reaper = setInterval(() => reapStuckGenerations(db).catch((err) => logger.error({ err }, "reaper failed")), 60_000);
  reaper.unref();
  logger.info({ concurrency }, "worker started");
  return {
    async stop() {
      clearInterval(reaper);
      await boss.offWork(GENERATION_QUEUE, { id: workerId, wait: true });
      await webhooks.stop();
    },
  };
}
