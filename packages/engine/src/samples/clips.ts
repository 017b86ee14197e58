import type { Db } from "@vgen/db";
import { publicUrlFor } from "../storage";
import { SAMPLE_PROMPT } from "./spec";

export interface SampleClip {
  videoUrl: string;
  posterUrl: string | null;
  /** The prompt the clip was made from, in English and Russian: the clip's text alternative. */
  prompt: typeof SAMPLE_PROMPT;
}

/**
 * The stored clip of each model, by model id; a model without one yet shows a placeholder. After a
 * catalog change the previous clip stays until its replacement is stored.
 */
export async function sampleClips(db: Db): Promise<Map<string, SampleClip>> {
  const rows = await db.modelSample.findMany();
  return new Map(
    rows.map((r) => [
      r.modelId,
      { videoUrl: publicUrlFor(r.videoKey), posterUrl: r.posterKey ? publicUrlFor(r.posterKey) : null, prompt: SAMPLE_PROMPT },
    ]),
  );
}
