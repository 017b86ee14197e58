import { logger } from "../platform";
import { renderVideo } from "../render";
import type { Provider } from "./types";

/** Seeds wrap within the providers' uint32 range. */
const SEED_RANGE = 2 ** 32;

/**
 * The embedded renderer: draws the clip from the prompt (and frame images) on this machine. Output
 * i of a request for several (`n`) is the clip of seed + i (the record's `seed` is the first's), so
 * each is distinct and each is the same again for the same request and seed.
 */
export const localProvider: Provider = {
  name: "local",
  async generate(gen, images, { signal, onProgress, outPath, posterPath, continues, index = 0 }) {
    const result = await renderVideo(
      {
        prompt: gen.prompt,
        seed: (Number(gen.seed) + index) % SEED_RANGE,
        audio: gen.generateAudio,
        width: gen.width,
        height: gen.height,
        durationSeconds: gen.duration,
        fps: 24,
        firstFrame: images.firstFrame,
        lastFrame: images.lastFrame,
        references: images.references,
        continues,
        outPath,
        posterPath,
      },
      { signal, onProgress },
    );
    if (result.posterError) logger.warn({ generationId: gen.id, err: result.posterError }, "render wrote no poster frame");
  },
};
