import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@vgen/db";
import { logger } from "../platform";
import { renderVideo } from "../render";
import { removeOutputs, storageBackend } from "../storage";
import { SAMPLE_PROMPT, SAMPLE_RENDER, sampleKeys, sampleVersion } from "./spec";

/** Sample files never expire on their own: a new version replaces them, and the old ones are removed. */
const KEEP_SECONDS = 365 * 24 * 3600;

/**
 * Renders a model's sample clip with the local renderer, at the lowest CPU priority, unless the
 * stored clip already matches the model's current catalog state. Returns whether it rendered.
 */
export async function renderSample(db: Db, modelId: string): Promise<boolean> {
  const model = await db.catalogModel.findUnique({
    where: { id: modelId },
    select: { id: true, updatedAt: true, enabled: true },
  });
  if (!model?.enabled) return false;
  const version = sampleVersion(model);
  const current = await db.modelSample.findUnique({ where: { modelId } });
  if (current?.version === version) return false;

  const store = await storageBackend();
  const { videoKey, posterKey } = sampleKeys(model.id, version);
  const work = path.join(await store.workDir(), videoKey);
  const poster = `${work}.jpg`;
  try {
    const result = await renderVideo(
      { prompt: SAMPLE_PROMPT.en, ...SAMPLE_RENDER, fps: 24, outPath: work, posterPath: poster },
      { lowPriority: true },
    );
    await store.put(videoKey, work, KEEP_SECONDS);
    const hasPoster = result.posterBytes !== undefined;
    if (hasPoster) await store.put(posterKey, poster, KEEP_SECONDS);
    const row = { version, videoKey, posterKey: hasPoster ? posterKey : null, renderedAt: new Date() };
    await db.modelSample.upsert({ where: { modelId }, create: { modelId, ...row }, update: row });
  } finally {
    await rm(work, { force: true });
    await rm(poster, { force: true });
  }
  if (current) {
    await removeOutputs([current.videoKey, ...(current.posterKey ? [current.posterKey] : [])], store).catch((err) =>
      logger.warn({ err, modelId }, "sample clip: the previous files were not removed"),
    );
  }
  logger.info({ modelId, version }, "sample clip rendered");
  return true;
}
