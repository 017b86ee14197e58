/**
 * The worker: consumes the generation queue, one step per job (next-step.ts), and queues the next
 * step when a step asks for one; beside it the webhook, mail and sample-clip queues and the sweeps.
 */
import type { Job } from "pg-boss";
import type { Db } from "@vgen/db";
import { startWebhookWorker } from "../../delivery";
import { startMailWorker } from "../../mail";
import { startSampleWorker } from "../../samples";
import { env } from "@vgen/config";
import { GENERATION_QUEUE, getBoss, inJobSpan, logger, QUEUE_PRIORITY, traceCarrier, type GenerationJob } from "../../platform";
import { processGeneration } from "./next-step";
import { alertSweep } from "./sweeps/alerts";
import { deadlineSweep } from "./sweeps/deadlines";
import { reaperSweep } from "./sweeps/reaper";
import { deliveryLogSweep } from "./sweeps/delivery-log";
import { requestLogSweep } from "./sweeps/request-logs";
import { retentionSweep } from "./sweeps/retention";
import { startSweeps } from "./sweeps/sweep";

/** Queues the generation's next step after a delay, in its priority queue; it continues this step's trace. */
async function scheduleStep(db: Db, generationId: string, afterMs: number) {
  const gen = await db.generation.findUnique({ where: { id: generationId }, select: { queue: true, status: true } });
  if (gen?.status !== "processing") return;
  const boss = await getBoss();
  await boss.send(GENERATION_QUEUE, { generationId, ...traceCarrier() } satisfies GenerationJob, {
    priority: QUEUE_PRIORITY[gen.queue],
    startAfter: new Date(Date.now() + afterMs),
  });
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Starts consuming the generation queue (and the webhook, mail and, unless SAMPLE_CLIPS=0, sample queues) in this process. */
export async function startWorker(db: Db, concurrency = env().WORKER_CONCURRENCY): Promise<RunningWorker> {
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
        const { generationId } = job.data;
        // One span per step, continuing the trace of the request (or the step) that queued it.
        await inJobSpan(
          "generation.step",
          job.data,
          { "vgen.generation_id": generationId, "messaging.message.id": job.id },
          async () => {
            const next = await processGeneration(db, generationId);
            if (!next.done) await scheduleStep(db, generationId, next.afterMs);
          },
        );
      }
    },
  );
  const webhooks = await startWebhookWorker(db);
  const mail = await startMailWorker(db);
  const samples = env().SAMPLE_CLIPS ? await startSampleWorker(db) : null;
  const stopSweeps = startSweeps(db, [deadlineSweep, alertSweep, reaperSweep, requestLogSweep, deliveryLogSweep, retentionSweep]);
  logger.info({ concurrency }, "worker started");
  return {
    async stop() {
      stopSweeps();
      await boss.offWork(GENERATION_QUEUE, { id: workerId, wait: true });
      await webhooks.stop();
      await mail.stop();
      await samples?.stop();
    },
  };
}
