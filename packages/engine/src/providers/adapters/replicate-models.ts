/**
 * The Replicate video models the replicate adapter knows: what each accepts and how our request maps
 * to its input. Each model's input schema is published at https://replicate.com/<owner>/<name>/api;
 * file inputs are sent as their original URLs (Replicate accepts HTTP URLs for file inputs).
 */
import type { AdapterCapabilities, UpstreamRequest } from "../adapter";
import { upstreamFailure } from "../http";

export interface ReplicateModel {
  capabilities: AdapterCapabilities;
  /** The model's `input` for one request; throws GenerationFailure when the model cannot take it. */
  input(request: UpstreamRequest): Record<string, unknown>;
}

const NO_IMAGES = { firstFrame: false, lastFrame: false, maxReferences: 0, idempotentSubmit: false } as const;

// google/veo-3.1: duration 4 | 6 | 8, resolution 720p | 1080p, aspect_ratio 16:9 | 9:16, image (first
// frame), last_frame, and 1–3 reference_images, which the model takes only at 16:9 and 8 seconds;
// negative_prompt, seed, and generate_audio (default true there, so always sent).
const veo31: ReplicateModel = {
  capabilities: {
    ...NO_IMAGES,
    durations: [4, 6, 8],
    sizes: ["720p", "1080p"],
    aspectRatios: ["16:9", "9:16"],
    firstFrame: true,
    lastFrame: true,
    maxReferences: 3,
    audio: true,
    negativePrompt: true,
    seed: true,
  },
  input: (r) => {
    if (r.references.length > 0 && (r.aspectRatio !== "16:9" || r.durationSeconds !== 8)) {
      throw upstreamFailure("google/veo-3.1 takes reference images only at 16:9 and 8 seconds");
    }
    return {
      prompt: r.prompt,
      duration: r.durationSeconds,
      resolution: r.size,
      aspect_ratio: r.aspectRatio,
      seed: r.seed,
      generate_audio: r.generateAudio,
      ...(r.negativePrompt && { negative_prompt: r.negativePrompt }),
      ...(r.firstFrame && { image: r.firstFrame.url }),
      ...(r.lastFrame && { last_frame: r.lastFrame.url }),
      ...(r.references.length > 0 && { reference_images: r.references.map((ref) => ref.url) }),
    };
  },
};

// kwaivgi/kling-v2.5-turbo-pro: duration 5 | 10, aspect_ratio (ignored with a start_image), no
// resolution field (Kling's pro mode renders 1080p), negative_prompt.
const kling25TurboPro: ReplicateModel = {
  capabilities: {
    ...NO_IMAGES,
    durations: [5, 10],
    sizes: ["1080p"],
    aspectRatios: ["16:9", "9:16"],
    firstFrame: true,
    negativePrompt: true,
  },
  input: (r) => ({
    prompt: r.prompt,
    duration: r.durationSeconds,
    aspect_ratio: r.aspectRatio,
    ...(r.negativePrompt && { negative_prompt: r.negativePrompt }),
    ...(r.firstFrame && { start_image: r.firstFrame.url }),
  }),
};

// minimax/hailuo-02: resolution 1080p renders 6 seconds only; without a first frame the video is 16:9
// (with one, it takes the image's shape).
const hailuo02: ReplicateModel = {
  capabilities: { ...NO_IMAGES, durations: [6], sizes: ["1080p"], aspectRatios: ["16:9"], firstFrame: true, lastFrame: true },
  input: (r) => ({
    prompt: r.prompt,
    duration: r.durationSeconds,
    resolution: r.size,
    ...(r.firstFrame && { first_frame_image: r.firstFrame.url }),
    ...(r.lastFrame && { last_frame_image: r.lastFrame.url }),
  }),
};

const REPLICATE_MODELS: Record<string, ReplicateModel> = {
  "google/veo-3.1": veo31,
  "kwaivgi/kling-v2.5-turbo-pro": kling25TurboPro,
  "minimax/hailuo-02": hailuo02,
};

/** The model for `owner/name` or `owner/name:version`. */
export function replicateModel(model: string): ReplicateModel | null {
  return REPLICATE_MODELS[model.split(":")[0] ?? ""] ?? null;
}
