/** The local render: the embedded renderer draws the clip in a child process while this step waits for it. */
import type { Db, Generation } from "@vgen/db";
import { inSpan, logger, isDatabaseUnavailable } from "../../platform";
import { metrics } from "../../observability";
import { fetchImage } from "../../net";
import { localProvider, GenerationFailure } from "../../providers";
import { mp4FileDurationMs } from "../../storage";
import { markStarted, reportProgress } from "../store";
import { endAttempt } from "./attempt";
import { failStep } from "./fail";
import { removeWorkFiles, storeAndComplete, workFilesFor } from "./output";
import { DONE, type StepResult } from "./step-result";

const PROGRESS_WRITE_INTERVAL_MS = 400;

async function loadImages(gen: Generation) {
  const fetchAll = (urls: string[]) =>
    Promise.all(
      urls.map((url) =>
        fetchImage(url).catch((err: Error) => {
          throw new GenerationFailure("reference_fetch_failed", `Could not use image ${url}: ${err.message}`);
        }),
      ),
    );
  const [firstFrame, lastFrame] = await fetchAll([gen.firstFrameUrl, gen.lastFrameUrl].filter((u): u is string => !!u));
  return { firstFrame, lastFrame, references: await fetchAll(gen.urls) };
}

/** Renders the generation and completes it, or fails it; a canceled generation stops at its next progress tick. */
export async function renderStep(db: Db, gen: Generation): Promise<StepResult> {
  const log = logger.child({ generationId: gen.id, model: gen.modelId });
  const abort = new AbortController();
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (pct: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
    lastWrite = now;
    pending = pending
      .then(async () => {
        // A canceled generation stops rendering at the next progress tick.
        if (!(await reportProgress(db, gen.id, pct))) abort.abort();
      })
      // A failed progress write is not a failed render, and must never be an unhandled rejection
      // (the chain is only awaited once the render ends).
      .catch((err: unknown) => log.warn({ err }, "progress update failed"));
  };
  const renderStarted = Date.now();
  const work = await workFilesFor(gen);
  try {
    // Started and counted in one write: a worker killed from here on leaves a visible attempt.
    await markStarted(db, gen, { attempts: { increment: 1 } });
    await reportProgress(db, gen.id, 0);
    const images = await loadImages(gen);
    // Work in a temp file; the store takes it only once it is whole.
    await inSpan(
      "render",
      { attributes: { "vgen.generation_id": gen.id, "vgen.size": gen.size, "vgen.duration": gen.duration } },
      () =>
        localProvider.generate(gen, images, {
          signal: abort.signal,
          onProgress,
          outPath: work.video,
          posterPath: work.poster,
        }),
    );
    await pending;
    if (abort.signal.aborted) throw new Error("canceled");
    const deliveredMs = await mp4FileDurationMs(work.video);
    if (deliveredMs === null)
      throw new GenerationFailure(
        "render_failed",
        "The renderer could not produce the video. Nothing was charged.",
        "no readable duration",
      );
    metrics().renderSeconds.observe({ size: gen.size }, (Date.now() - renderStarted) / 1000);
    await storeAndComplete(db, gen, work, deliveredMs, 0n);
    await endAttempt(db, gen, "completed", { deliveredMs });
    log.info({ ms: Date.now() - renderStarted }, "generation completed");
    return DONE;
  } catch (err) {
    await pending.catch(() => {});
    if (abort.signal.aborted) {
      log.info("generation canceled while rendering");
      await endAttempt(db, gen, "canceled");
      return DONE;
    }
    // Not the render's fault: the job fails and is retried (finishing from the stored output, if any).
    if (isDatabaseUnavailable(err)) throw err;
    return failStep(db, gen, err);
  } finally {
    await removeWorkFiles(work);
  }
}
