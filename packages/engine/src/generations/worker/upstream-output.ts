/** An upstream's finished MP4s into storage: through a work file, like a local render, with a poster frame decoded from it. */
import { writeFile } from "node:fs/promises";
import type { Db, Generation } from "@vgen/db";
import { logger } from "../../platform";
import { posterFromMp4 } from "../../storage";
import { completeStored, keepSecondsOf, removeWorkFiles, storeOutput, workFilesFor } from "./output";

/** A provider's video whose poster frame takes longer than this is delivered without one. */
const UPSTREAM_POSTER_TIMEOUT_MS = 30_000;

/**
 * The poster frame of a provider's video, written to `posterPath`. A file that cannot be decoded
 * is still delivered (it was billed by its readable duration): without a poster, and logged.
 */
async function writeUpstreamPoster(gen: Generation, bytes: Buffer, posterPath: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no frame within ${UPSTREAM_POSTER_TIMEOUT_MS} ms`)), UPSTREAM_POSTER_TIMEOUT_MS);
  });
  try {
    await writeFile(posterPath, await Promise.race([posterFromMp4(bytes), timeout]));
    return posterPath;
  } catch (err) {
    logger.warn(
      { generationId: gen.id, err: (err as Error).message },
      "no poster frame from the provider's video: delivering it without one",
    );
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A provider's fetched MP4 and its playing time. */
export interface UpstreamVideo {
  bytes: Buffer;
  deliveredMs: number;
}

/**
 * Stores the fetched MP4s as the generation's outputs 0, 1, ... and completes it, billed per
 * delivered output (fewer than `n` when the provider returned fewer).
 */
export async function deliverUpstreamOutputs(db: Db, gen: Generation, videos: UpstreamVideo[], upstreamCostMicros: bigint) {
  const keepSeconds = await keepSecondsOf(db, gen);
  for (const [index, video] of videos.entries()) {
    const work = await workFilesFor(gen, index);
    try {
      await writeFile(work.video, video.bytes);
      const poster = await writeUpstreamPoster(gen, video.bytes, work.poster);
      await storeOutput(db, gen, index, { video: work.video, poster }, video.deliveredMs, keepSeconds);
    } finally {
      await removeWorkFiles(work);
    }
  }
  await completeStored(db, gen, upstreamCostMicros);
}
