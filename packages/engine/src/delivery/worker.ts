import type { Job } from "pg-boss";
import type { Db } from "@vgen/db";
import { env } from "@vgen/config";
import { inJobSpan, logger, getBoss, WEBHOOK_QUEUE } from "../platform";
import { processWebhookJob, type WebhookJob } from "./deliveries";
import { webhookRetrySchedule } from "./schedule";

export interface RunningWebhookWorker {
  stop(): Promise<void>;
}

/** Consumes the webhook queue in this process (started by startWorker). */
export async function startWebhookWorker(db: Db, concurrency = env().WEBHOOK_CONCURRENCY): Promise<RunningWebhookWorker> {
  const schedule = webhookRetrySchedule(); // fail at start on a malformed WEBHOOK_RETRY_SCHEDULE
  const boss = await getBoss();
  const workerId = await boss.work<WebhookJob>(
    WEBHOOK_QUEUE,
    // Retries are scheduled for later and wake no one, so the backstop poll must stay short.
    { localConcurrency: concurrency, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
    async (jobs: Job<WebhookJob>[]) => {
      // Continues the trace of the generation step (or request) that queued the event.
      for (const job of jobs)
        await inJobSpan(
          "webhook.job",
          job.data,
          { "vgen.delivery_id": job.data.deliveryId, "vgen.webhook.attempt": job.data.attempt, "messaging.message.id": job.id },
          () => processWebhookJob(db, job.data),
        );
    },
  );
  logger.info({ concurrency, retryScheduleMs: schedule }, "webhook worker started");
  return {
    async stop() {
      await boss.offWork(WEBHOOK_QUEUE, { id: workerId, wait: true });
    },
  };
}
