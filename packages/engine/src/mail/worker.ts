import type { Job } from "pg-boss";
import type { Db } from "@vgen/db";
import { logger, getBoss, MAIL_QUEUE } from "../platform";
import { processMailJob, type MailJob } from "./send";
import { closeMailTransports } from "./transport";

export interface RunningMailWorker {
  stop(): Promise<void>;
}

/** Messages handed to the mail server at once per worker process. */
const MAIL_CONCURRENCY = 2;

/** Consumes the mail queue in this process (started by startWorker). */
export async function startMailWorker(db: Db): Promise<RunningMailWorker> {
  const boss = await getBoss();
  const workerId = await boss.work<MailJob>(
    MAIL_QUEUE,
    // Retries are scheduled for later and wake no one, so the backstop poll stays short.
    { localConcurrency: MAIL_CONCURRENCY, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
    async (jobs: Job<MailJob>[]) => {
      for (const job of jobs) await processMailJob(db, job.data);
    },
  );
  logger.info({ concurrency: MAIL_CONCURRENCY }, "mail worker started");
  return {
    async stop() {
      await boss.offWork(MAIL_QUEUE, { id: workerId, wait: true });
      closeMailTransports();
    },
  };
}
