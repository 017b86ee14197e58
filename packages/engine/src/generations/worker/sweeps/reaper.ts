import { env } from "@vgen/config";
import type { Db } from "@vgen/db";
import { logger, GENERATION_QUEUE, getBoss, QUEUE_PRIORITY } from "../../../platform";
import { failGeneration } from "../../store";
import type { Sweep } from "./sweep";

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

/** Every minute: what it looks for is minutes to hours old. */
export const reaperSweep: Sweep = { everyMs: 60_000, run: (db) => reapStuckGenerations(db), failure: "reaper failed" };
