/**
 * A finished video's way into storage and to completion, the same for a local render and an
 * upstream's MP4s: work files beside the store, then per output the poster and the video, its record
 * in `generations.outputs`, and once all are in, the completion billed by them.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db, Generation } from "@vgen/db";
import { inSpan, logger, retryWhileDatabaseUnavailable } from "../../platform";
import { metrics } from "../../observability";
import { GenerationFailure } from "../../providers";
import {
  mp4FileHasAudio,
  outputKeyFor,
  outputsOf,
  recordStoredOutput,
  storageBackend,
  storePoster,
  type StoredOutput,
} from "../../storage";
import { completeGeneration } from "../store";

export interface WorkFiles {
  video: string;
  poster: string;
}

/** Work files of one output of one attempt: the video and, beside it, its poster frame. */
export async function workFilesFor(gen: Generation, index = 0): Promise<WorkFiles> {
  const video = path.join(
    await (await storageBackend()).workDir(),
    `${outputKeyFor(gen.id, index)}.${process.pid}.${randomBytes(6).toString("hex")}.part`,
  );
  return { video, poster: `${video}.jpg` };
}

export async function removeWorkFiles(work: WorkFiles) {
  await Promise.all([rm(work.video, { force: true }), rm(work.poster, { force: true })]).catch(() => {});
}

/** Its retention as completion will set it (the request's, else the account's), in seconds: caches keep the files no longer. */
export async function keepSecondsOf(db: Db, gen: Generation): Promise<number> {
  const retentionDays =
    gen.retentionDays ??
    (await db.account.findUniqueOrThrow({ where: { id: gen.accountId }, select: { retentionDays: true } })).retentionDays;
  return retentionDays * 86_400;
}

/**
 * Stores one finished output (output `index` of the generation's `n`) with its poster frame, when
 * there is one, and records it in `generations.outputs` once both are stored: a crash before that
 * leaves it unrecorded, and the next attempt makes it again.
 */
export async function storeOutput(
  db: Db,
  gen: Generation,
  index: number,
  work: { video: string; poster: string | null },
  deliveredMs: number,
  keepSeconds: number,
): Promise<StoredOutput> {
  const poster_key = await storePoster(gen.id, index, work.poster, keepSeconds);
  // What the file holds, not what was asked: a provider's clip may come back silent (or with sound unasked).
  const has_audio = (await mp4FileHasAudio(work.video)) ?? false;
  const key = outputKeyFor(gen.id, index);
  try {
    await inSpan("storage.upload", { attributes: { "vgen.storage.key": key } }, async () =>
      (await storageBackend()).put(key, work.video, keepSeconds),
    );
  } catch (err) {
    throw new GenerationFailure("render_failed", "The video could not be stored. Nothing was charged.", (err as Error).message, {
      cause: err,
    });
  }
  const output = { index, key, poster_key, delivered_ms: deliveredMs, has_audio };
  await recordStoredOutput(db, gen.id, output);
  return output;
}

/**
 * Completes the generation with the outputs recorded for it, billed per delivered output (and
 * records what the upstream charged for them).
 */
export async function completeStored(db: Db, gen: Generation, upstreamCostMicros: bigint) {
  // A finished render is never thrown away: recording it waits out a database outage.
  const finished = await retryWhileDatabaseUnavailable(
    async () => {
      await db.generation.updateMany({ where: { id: gen.id, status: "processing" }, data: { upstreamCostMicros } });
      return completeGeneration(db, gen.id);
    },
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
 * An earlier attempt stored and recorded every output but could not complete (its database went
 * away, or its process died right after): the outputs are whole, so the generation completes from
 * them. Returns whether it did.
 */
export async function completeFromStoredOutput(db: Db, gen: Generation): Promise<boolean> {
  if (outputsOf(gen).length < gen.n) return false;
  logger.info({ generationId: gen.id }, "outputs already stored by an earlier attempt: completing");
  const finished = await retryWhileDatabaseUnavailable(() => completeGeneration(db, gen.id));
  if (finished) metrics().generationsFinished.inc({ model: gen.modelId, status: "completed" });
  return true;
}
