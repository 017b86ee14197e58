import { logger } from "../platform";
import { renderVideo } from "../render";
import type { Provider } from "./types";

/** The embedded renderer: draws the clip from the prompt (and frame images) on this machine. */
export const localProvider: Provider = {
  name: "local",
  async generate(gen, images, { signal, onProgress, outPath, posterPath }) {
    const result = await renderVideo(
      {
        prompt: gen.prompt,
        seed: Number(gen.seed),
        audio: gen.generateAudio,
        width: gen.width,
        height: gen.height,
        durationSeconds: gen.duration,
        fps: 24,
        firstFrame: images.firstFrame,
        lastFrame: images.lastFrame,
        references: images.references,
        outPath,
        posterPath,
      },
      { signal, onProgress },
    );
    if (result.posterError) logger.warn({ generationId: gen.id, err: result.posterError }, "render wrote no poster frame");
  },
};
