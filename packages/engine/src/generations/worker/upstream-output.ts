/** An upstream's finished MP4 into storage: through a work file, like a local render, with a poster frame decoded from it. */
import { writeFile } from "node:fs/promises";
import type { Db, Generation } from "@vgen/db";
import { logger } from "../../platform";
import { posterFromMp4 } from "../../storage";
import { removeWorkFiles, storeAndComplete, workFilesFor } from "./output";

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

/** Stores the fetched MP4 and completes the generation. */
export async function deliverUpstreamOutput(
  db: Db,
  gen: Generation,
  bytes: Buffer,
  deliveredMs: number,
  upstreamCostMicros: bigint,
) {
  const work = await workFilesFor(gen);
  try {
    await writeFile(work.video, bytes);
    const poster = await writeUpstreamPoster(gen, bytes, work.poster);
    await storeAndComplete(db, gen, { video: work.video, poster }, deliveredMs, upstreamCostMicros);
  } finally {
    await removeWorkFiles(work);
  }
}
