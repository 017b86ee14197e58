/** The local render: the embedded renderer draws the clips in a child process while this step waits for it. */
import type { Db, Generation } from "@vgen/db";
import { inSpan, logger, isDatabaseUnavailable } from "../../platform";
import { metrics } from "../../observability";
import { fetchImage } from "../../net";
import { localProvider, GenerationFailure } from "../../providers";
import { mp4FileDurationMs, outputsOf } from "../../storage";
import { markStarted, reportProgress } from "../store";
import { chainPosition } from "../extend";
import { endAttempt } from "./attempt";
import { failStep } from "./fail";
import { completeStored, keepSecondsOf, removeWorkFiles, storeOutput, workFilesFor, type WorkFiles } from "./output";
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

/** An extension continues its chain's scene from the frame after the source's last (24 fps, as rendered). */
async function continuation(db: Db, gen: Generation) {
  const chain = await chainPosition(db, gen);
  if (!chain) return undefined;
  return {
    prompt: chain.root.prompt,
    seed: Number(chain.root.seed),
    startFrame: chain.secondsBefore * 24,
    clipsBefore: chain.clipsBefore,
  };
}

/**
 * Renders the generation's `n` outputs one after another and completes it, or fails it; progress runs
 * across all of them. Outputs an earlier attempt already stored are not rendered again. A canceled
 * generation stops at its next progress tick.
 */
export async function renderStep(db: Db, gen: Generation): Promise<StepResult> {
  const log = logger.child({ generationId: gen.id, model: gen.modelId });
  const abort = new AbortController();
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  let index = 0;
  const onProgress = (pct: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
    lastWrite = now;
    const overall = (index * 100 + pct) / gen.n;
    pending = pending
      .then(async () => {
        // A canceled generation stops rendering at the next progress tick.
        if (!(await reportProgress(db, gen.id, overall))) abort.abort();
      })
      // A failed progress write is not a failed render, and must never be an unhandled rejection
      // (the chain is only awaited once the render ends).
      .catch((err: unknown) => log.warn({ err }, "progress update failed"));
  };
  const renderStarted = Date.now();
  const stored = new Set(outputsOf(gen).map((o) => o.index));
  let work: WorkFiles | null = null;
  let deliveredMs = 0;
  try {
    // Started and counted in one write: a worker killed from here on leaves a visible attempt.
    await markStarted(db, gen, { attempts: { increment: 1 } });
    await reportProgress(db, gen.id, 0);
    const images = await loadImages(gen);
    const continues = await continuation(db, gen);
    const keepSeconds = await keepSecondsOf(db, gen);
    for (index = 0; index < gen.n; index++) {
      if (stored.has(index)) continue;
      work = await workFilesFor(gen, index);
      // Work in a temp file; the store takes it only once it is whole.
      await inSpan(
        "render",
        {
          attributes: {
            "vgen.generation_id": gen.id,
            "vgen.size": gen.size,
            "vgen.duration": gen.duration,
            "vgen.output": index,
          },
        },
        () =>
          localProvider.generate(gen, images, {
            signal: abort.signal,
            onProgress,
            outPath: work!.video,
            posterPath: work!.poster,
            continues,
            index,
          }),
      );
      await pending;
      if (abort.signal.aborted) throw new Error("canceled");
      const ms = await mp4FileDurationMs(work.video);
      if (ms === null)
        throw new GenerationFailure(
          "render_failed",
          "The renderer could not produce the video. Nothing was charged.",
          "no readable duration",
        );
      await storeOutput(db, gen, index, work, ms, keepSeconds);
      deliveredMs += ms;
      await removeWorkFiles(work);
      work = null;
    }
    metrics().renderSeconds.observe({ size: gen.size }, (Date.now() - renderStarted) / 1000);
    await completeStored(db, gen, 0n);
    await endAttempt(db, gen, "completed", { deliveredMs });
    log.info({ ms: Date.now() - renderStarted, outputs: gen.n }, "generation completed");
    return DONE;
  } catch (err) {
    await pending.catch(() => {});
    if (abort.signal.aborted) {
      log.info("generation canceled while rendering");
      await endAttempt(db, gen, "canceled");
      return DONE;
    }
    // Not the render's fault: the job fails and is retried (keeping the outputs already stored).
    if (isDatabaseUnavailable(err)) throw err;
    return failStep(db, gen, err);
  } finally {
    if (work) await removeWorkFiles(work);
  }
}
