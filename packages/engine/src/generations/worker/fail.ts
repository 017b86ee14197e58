import type { Db, Generation } from "@vgen/db";
import { logger } from "../../platform";
import { metrics } from "../../observability";
import { GenerationFailure } from "../../providers";
import { failGeneration } from "../store";
import { endAttempt } from "./attempt";
import { DONE, type StepResult } from "./step-result";

/**
 * Fails the generation for good (its hold released, nothing charged) and closes its route attempt
 * with `outcome`. An error that is no GenerationFailure is the renderer's: `render_failed`.
 */
export async function failStep(db: Db, gen: Generation, err: unknown, outcome = "failed"): Promise<StepResult> {
  const failure =
    err instanceof GenerationFailure
      ? err
      : new GenerationFailure(
          "render_failed",
          "The renderer could not produce the video. Nothing was charged.",
          (err as Error).message ?? String(err),
        );
  logger.warn({ generationId: gen.id, code: failure.code, detail: failure.detail }, "generation failed");
  await endAttempt(db, gen, outcome, { detail: failure.detail ?? failure.message });
  if (await failGeneration(db, gen.id, failure.code, failure.message)) {
    metrics().generationsFinished.inc({ model: gen.modelId, status: "failed" });
  }
  return DONE;
}
