/**
 * The fal.ai video endpoints the fal adapter knows: what each accepts and how our request maps to
 * its input fields. Each endpoint's schema is published at https://fal.ai/models/<endpoint id>/llms.txt;
 * images are sent as their original URLs, the format every fal model accepts
 * (https://docs.fal.ai/documentation/model-apis/fal-cdn).
 */
import type { AdapterCapabilities, UpstreamImage, UpstreamRequest } from "../adapter";
import { upstreamFailure } from "../http";

export interface FalEndpoint {
  capabilities: AdapterCapabilities;
  /** The endpoint's input for one request; throws GenerationFailure when the request lacks what it requires. */
  input(request: UpstreamRequest): Record<string, unknown>;
}

const BOTH_RATIOS = ["16:9", "9:16"] as const;

function caps(partial: Partial<AdapterCapabilities> & Pick<AdapterCapabilities, "durations" | "sizes">): AdapterCapabilities {
  return {
    aspectRatios: BOTH_RATIOS,
    firstFrame: false,
    lastFrame: false,
    maxReferences: 0,
    idempotentSubmit: false,
    ...partial,
  };
}

function required(image: UpstreamImage | undefined, what: string, model: string): string {
  if (!image) throw upstreamFailure(`fal endpoint ${model} requires ${what}`);
  return image.url;
}

// Veo 3.1: duration "4s" | "6s" | "8s", resolution "720p" | "1080p" | "4k", aspect_ratio 16:9 | 9:16,
// generate_audio, negative_prompt, seed.
const VEO31 = {
  durations: [4, 6, 8],
  sizes: ["720p", "1080p", "4k"],
  audio: true,
  negativePrompt: true,
  seed: true,
} as const;

/** Veo 3.1 on fal: `generate_audio` defaults to true there, so it is always sent. */
function veo31Base(r: UpstreamRequest): Record<string, unknown> {
  return {
    prompt: r.prompt,
    duration: `${r.durationSeconds}s`,
    resolution: r.size,
    aspect_ratio: r.aspectRatio,
    generate_audio: r.generateAudio,
    ...(r.negativePrompt && { negative_prompt: r.negativePrompt }),
  };
}

const veo31TextToVideo: FalEndpoint = {
  capabilities: caps(VEO31),
  input: (r) => ({ ...veo31Base(r), seed: r.seed }),
};

const veo31ImageToVideo = (model: string): FalEndpoint => ({
  capabilities: caps({ ...VEO31, firstFrame: true }),
  input: (r) => ({ ...veo31Base(r), seed: r.seed, image_url: required(r.firstFrame, "a first frame", model) }),
});

const veo31FirstLastFrame = (model: string): FalEndpoint => ({
  capabilities: caps({ ...VEO31, firstFrame: true, lastFrame: true }),
  input: (r) => ({
    ...veo31Base(r),
    seed: r.seed,
    first_frame_url: required(r.firstFrame, "a first frame", model),
    last_frame_url: required(r.lastFrame, "a last frame", model),
  }),
});

// Reference-to-video documents only the default "8s" duration and takes no seed.
const veo31References: FalEndpoint = {
  capabilities: caps({ durations: [8], sizes: VEO31.sizes, maxReferences: 3, audio: true, negativePrompt: true }),
  input: (r) => {
    if (r.references.length === 0)
      throw upstreamFailure("fal endpoint fal-ai/veo3.1/reference-to-video requires reference images");
    return { ...veo31Base(r), image_urls: r.references.map((ref) => ref.url) };
  },
};

// Kling 2.5 Turbo Pro: duration "5" | "10"; no resolution field (Kling's pro mode renders 1080p);
// image-to-video has no aspect_ratio (the video takes the first frame's shape); both take negative_prompt.
const KLING25 = { durations: [5, 10], sizes: ["1080p"], negativePrompt: true } as const;

const negative = (r: UpstreamRequest) => (r.negativePrompt ? { negative_prompt: r.negativePrompt } : {});

const kling25TextToVideo: FalEndpoint = {
  capabilities: caps(KLING25),
  input: (r) => ({ prompt: r.prompt, duration: String(r.durationSeconds), aspect_ratio: r.aspectRatio, ...negative(r) }),
};

const kling25ImageToVideo: FalEndpoint = {
  capabilities: caps({ ...KLING25, firstFrame: true, lastFrame: true }),
  input: (r) => ({
    prompt: r.prompt,
    duration: String(r.durationSeconds),
    image_url: required(r.firstFrame, "a first frame", "fal-ai/kling-video/v2.5-turbo/pro/image-to-video"),
    ...(r.lastFrame && { tail_image_url: r.lastFrame.url }),
    ...negative(r),
  }),
};

// Wan 2.5: duration "5" | "10", resolution "480p" | "720p" | "1080p", negative_prompt, seed.
const wan25TextToVideo: FalEndpoint = {
  capabilities: caps({ durations: [5, 10], sizes: ["720p", "1080p"], negativePrompt: true, seed: true }),
  input: (r) => ({
    prompt: r.prompt,
    duration: String(r.durationSeconds),
    resolution: r.size,
    aspect_ratio: r.aspectRatio,
    seed: r.seed,
    ...negative(r),
  }),
};

const FAL_ENDPOINTS: Record<string, FalEndpoint> = {
  "fal-ai/veo3.1": veo31TextToVideo,
  "fal-ai/veo3.1/fast": veo31TextToVideo,
  "fal-ai/veo3.1/image-to-video": veo31ImageToVideo("fal-ai/veo3.1/image-to-video"),
  "fal-ai/veo3.1/fast/image-to-video": veo31ImageToVideo("fal-ai/veo3.1/fast/image-to-video"),
  "fal-ai/veo3.1/first-last-frame-to-video": veo31FirstLastFrame("fal-ai/veo3.1/first-last-frame-to-video"),
  "fal-ai/veo3.1/fast/first-last-frame-to-video": veo31FirstLastFrame("fal-ai/veo3.1/fast/first-last-frame-to-video"),
  "fal-ai/veo3.1/reference-to-video": veo31References,
  "fal-ai/kling-video/v2.5-turbo/pro/text-to-video": kling25TextToVideo,
  "fal-ai/kling-video/v2.5-turbo/pro/image-to-video": kling25ImageToVideo,
  "fal-ai/wan-25-preview/text-to-video": wan25TextToVideo,
};

export function falEndpoint(model: string): FalEndpoint | null {
  return FAL_ENDPOINTS[model] ?? null;
}
