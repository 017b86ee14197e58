import type { Job } from "pg-boss";
import type { Db } from "@vgen/db";
import { env } from "@vgen/config";
import { config } from "../../platform/config";
import { failGeneration } from "../store";
import { logger } from "../../observability/logger";
import { deleteExpiredRequestLogs } from "../../observability/request-logs";
import { GENERATION_QUEUE, getBoss, QUEUE_PRIORITY, type GenerationJob } from "../../platform/queue";
import { startWebhookWorker } from "../../delivery/worker";
import { cancelOverdueGenerations } from "./sweeps/deadlines";
import { sweepExpiredOutputs } from "../retention";
import { startMailWorker } from "../../mail/worker";
import { drainAlertEvents } from "../../alerts/drain";
import { processGeneration } from "./next-step";

/** How often each worker deletes outputs past their retention: soon after `expires_at`, at the cost of one indexed read. */
const RETENTION_SWEEP_MS = 10_000;

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
