import type { Db } from "@vgen/db";
import { getBoss, SAMPLE_QUEUE } from "../platform";
import { sampleVersion } from "./spec";

export interface SampleJob {
  modelId: string;
}

/**
 * Queues a render for each enabled model whose stored clip is missing or made from an older catalog
 * state. The queue holds at most one job per model (queued or active), so every worker process may
 * call this. `delaySeconds` keeps renders off the first moments after a start.
 */
export async function queueMissingSamples(db: Db, delaySeconds = 0): Promise<string[]> {
  const models = await db.catalogModel.findMany({
    where: { enabled: true },
    select: { id: true, updatedAt: true, sample: { select: { version: true } } },
  });
  const stale = models.filter((m) => m.sample?.version !== sampleVersion(m)).map((m) => m.id);
  if (stale.length === 0) return [];
  const boss = await getBoss();
  const queued: string[] = [];
  for (const modelId of stale) {
    // An exclusive queue refuses a second job for the same key: the id is then null.
    const id = await boss.send(SAMPLE_QUEUE, { modelId } satisfies SampleJob, {
      singletonKey: modelId,
      startAfter: delaySeconds,
    });
    if (id) queued.push(modelId);
  }
  return queued;
}
