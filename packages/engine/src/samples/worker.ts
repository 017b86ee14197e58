import type { Job } from "pg-boss";
import type { Db } from "@vgen/db";
import { getBoss, logger, SAMPLE_QUEUE } from "../platform";
import { renderSample } from "./render-sample";
import { queueMissingSamples, type SampleJob } from "./schedule";

export interface RunningSampleWorker {
  stop(): Promise<void>;
}

/** Renders start this long after a worker starts, so the first requests and videos get the CPU. */
const START_DELAY_SECONDS = 15;
/** How often a worker looks for catalog changes that need a new clip. */
const CHECK_EVERY_MS = 60_000;

/**
 * Consumes the sample queue in this process, one render at a time, and queues the clips the
 * catalog needs now and after each catalog change.
 */
export async function startSampleWorker(db: Db): Promise<RunningSampleWorker> {
  const boss = await getBoss();
  const workerId = await boss.work<SampleJob>(
    SAMPLE_QUEUE,
    { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 5 },
    async (jobs: Job<SampleJob>[]) => {
      for (const job of jobs) await renderSample(db, job.data.modelId);
    },
  );
  const check = (delaySeconds: number) =>
    queueMissingSamples(db, delaySeconds).catch((err) => logger.error({ err }, "sample clips: queuing failed"));
  await check(START_DELAY_SECONDS);
  const timer = setInterval(() => void check(0), CHECK_EVERY_MS);
  timer.unref();
  logger.info("sample clip worker started");
  return {
    async stop() {
      clearInterval(timer);
      await boss.offWork(SAMPLE_QUEUE, { id: workerId, wait: true });
    },
  };
}
