/**
 * A finished video's way into storage and to completion, the same for a local render and an
 * upstream's MP4: work files beside the store, then the poster, the duration, the video, the record.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db, Generation } from "@vgen/db";
import { inSpan, logger, retryWhileDatabaseUnavailable } from "../../platform";
import { metrics } from "../../observability";
import { GenerationFailure } from "../../providers";
import { mp4FileHasAudio, outputKeyFor, storageBackend, storePoster } from "../../storage";
import { completeGeneration } from "../store";

export interface WorkFiles {
  video: string;
  poster: string;
}

/** Work files of one attempt: the video and, beside it, its poster frame. */
export async function workFilesFor(gen: Generation): Promise<WorkFiles> {
  const video = path.join(
    await (await storageBackend()).workDir(),
    `${outputKeyFor(gen.id)}.${process.pid}.${randomBytes(6).toString("hex")}.part`,
  );
  return { video, poster: `${video}.jpg` };
}

export async function removeWorkFiles(work: WorkFiles) {
  await Promise.all([rm(work.video, { force: true }), rm(work.poster, { force: true })]).catch(() => {});
}

/**
 * Stores a finished file (and its poster frame, when there is one) and completes the generation,
 * billed by the file's duration. The duration and poster are recorded before the video is stored,
 * so a crash after storing finishes from the stored file with both.
 */
export async function storeAndComplete(
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
  // What the file holds, not what was asked: a provider's clip may come back silent (or with sound unasked).
  const hasAudio = (await mp4FileHasAudio(work.video)) ?? false;
  await db.generation.update({ where: { id: gen.id }, data: { deliveredMs, upstreamCostMicros, posterKey, hasAudio } });
  const key = outputKeyFor(gen.id);
  try {
    await inSpan("storage.upload", { attributes: { "vgen.storage.key": key } }, async () =>
      (await storageBackend()).put(key, work.video, keepSeconds),
    );
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

/**
 * An earlier attempt stored the output but could not record it (its database went away, or its
 * process died right after): the stored file is whole, so the generation completes from it.
 * (Not looked for while an upstream job is being followed: nothing can be stored before it ends.)
 * Returns whether it did.
 */
export async function completeFromStoredOutput(db: Db, gen: Generation): Promise<boolean> {
  const mayBeStored = gen.deliveredMs !== null || !gen.upstreamTaskId;
  if (!mayBeStored || !(await (await storageBackend()).open(outputKeyFor(gen.id)))) return false;
  logger.info({ generationId: gen.id }, "output already stored by an earlier attempt: completing");
  const finished = await retryWhileDatabaseUnavailable(() => completeGeneration(db, gen.id, outputKeyFor(gen.id)));
  if (finished) metrics().generationsFinished.inc({ model: gen.modelId, status: "completed" });
  return true;
}
