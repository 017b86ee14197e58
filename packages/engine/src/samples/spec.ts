import { createHash } from "node:crypto";

/**
 * What every sample clip is made from: one prompt (its Russian form is the text alternative Russian
 * readers get), small and short so that rendering all of them costs a few CPU seconds.
 */
export const SAMPLE_PROMPT = {
  en: "A paper boat drifting down a rainy street at dusk",
  ru: "Бумажный кораблик плывёт по дождливой улице в сумерках",
} as const;
export const SAMPLE_RENDER = { width: 320, height: 180, durationSeconds: 2, seed: 20_261_127 } as const;
/** Raised when the renderer or the settings above change what a clip looks like, so every clip is made again. */
const SAMPLE_RENDER_REVISION = 1;

/** A model as the sample needs it: its id and when the catalog last changed it. */
export interface SampleModel {
  id: string;
  updatedAt: Date;
}

/** The state a clip is made from: the model's last catalog change and the render settings. Equal versions need no new render. */
export function sampleVersion(model: SampleModel): string {
  return createHash("sha256")
    .update(JSON.stringify([SAMPLE_RENDER_REVISION, model.id, model.updatedAt.toISOString(), SAMPLE_PROMPT.en, SAMPLE_RENDER]))
    .digest("hex")
    .slice(0, 16);
}

/** Storage keys of a version's clip and poster; a new version gets new keys, so a cached file never changes. */
export function sampleKeys(modelId: string, version: string): { videoKey: string; posterKey: string } {
  const base = `sample_${modelId.replace(/[^A-Za-z0-9_-]/g, "-")}_${version}`;
  return { videoKey: `${base}.mp4`, posterKey: `${base}.jpg` };
}
