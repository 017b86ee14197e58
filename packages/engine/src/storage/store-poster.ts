import { stat } from "node:fs/promises";
import { logger } from "../platform";
import { posterKeyFor, storageBackend } from "./backend";

/**
 * Stores a generation's poster frame beside its output and returns its key, or null when there is
 * no poster file or it could not be stored: a missing poster never fails a finished generation.
 */
export async function storePoster(
  generationId: string,
  index: number,
  jpegPath: string | null,
  keepSeconds: number,
): Promise<string | null> {
  if (!jpegPath || !(await stat(jpegPath).catch(() => null))?.isFile()) return null;
  const key = posterKeyFor(generationId, index);
  try {
    await (await storageBackend()).put(key, jpegPath, keepSeconds);
    return key;
  } catch (err) {
    logger.warn({ generationId, err: (err as Error).message }, "poster frame not stored: delivering the video without one");
    return null;
  }
}
