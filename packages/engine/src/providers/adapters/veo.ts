/**
 * Google Veo through the Gemini API (kind "veo"). Follows:
 *   https://ai.google.dev/gemini-api/docs/video — REST flow, per-model parameters, model ids, download
 *   https://github.com/googleapis/js-genai (src/converters/_models_converters.ts) — the Gemini API wire
 *     shapes: images as {bytesBase64Encoded, mimeType}, negativePrompt in parameters; no seed and no
 *     generateAudio (the SDK refuses both outside Vertex AI: Veo 3 and 3.1 always add sound there,
 *     Veo 2 never does), response.generateVideoResponse
 *
 * `target.baseUrl` is the API root with its version, e.g. https://generativelanguage.googleapis.com/v1beta.
 *   submit  POST {base}/models/{model}:predictLongRunning  (x-goog-api-key)  → {"name": "models/…/operations/…"}
 *   status  GET  {base}/{name}  → {done, error, metadata, response.generateVideoResponse}
 *   cancel  POST {base}/{name}:cancel  (best effort)
 *   output  generatedSamples[0].video.uri, downloaded with the API key (it redirects to the file)
 *   extend  Veo 3.1 continues a video given as the instance's `video` (ai.google.dev/gemini-api/docs/video,
 *     "Extending Veo videos"; Vertex AI "Extend a Veo video"); older models get its last frame as `image`
 *   output  generatedSamples[i].video.uri, downloaded with the API key (it redirects to the file);
 *           one per `sampleCount` (Veo 2 returns up to 2 there; Veo 3 and 3.1 one, per the page above)
 * No idempotency key and no webhooks: the route runner polls.
 */
import type { SafeFetchResponse } from "../../net";
import { logger } from "../../platform";
import {
  type AdapterCapabilities,
  UpstreamCallError,
  type UpstreamImage,
  type UpstreamOutput,
  type UpstreamRequest,
  type UpstreamStatus,
  type RouteRefusal,
  type RouteRequest,
  type UpstreamTarget,
  type VideoAdapter,
} from "../adapter";
import { expectJson, isPolicyText, policyFailure, upstreamFailure, upstreamRequest } from "../http";
import { GenerationFailure } from "../types";

const CANCEL_TIMEOUT_MS = 5_000;
/** The most videos one operation returns (`sampleCount`, 1-4 where the model allows several). */
const MAX_SAMPLES = 4;
/** Operation names as the API returns them; anything else could address another endpoint. */
const OPERATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._~\-/]*$/;

interface VeoModel {
  capabilities: AdapterCapabilities;
  /** Veo 2 takes no `resolution` parameter (it always renders 720p). */
  resolutionParameter: boolean;
}

/**
 * Veo 3.1: 1080p and 4k only at 8 s; reference images only at 8 s and 16:9; a video to extend only at
 * 720p (the API's 400 INVALID_ARGUMENT otherwise).
 */
function veo31Rules(r: RouteRequest): RouteRefusal | null {
  if (r.size !== "720p" && r.duration !== 8) return { reason: `${r.size} only at 8 s`, param: "duration" };
  if (r.references > 0 && r.duration !== 8) return { reason: "reference images only at 8 s", param: "duration" };
  if (r.references > 0 && r.aspectRatio !== "16:9") return { reason: "reference images only at 16:9", param: "aspectRatio" };
  if (r.extension && r.size !== "720p") return { reason: "extensions only at 720p", param: "size" };
  return null;
}

/** Veo 3: 1080p only at 8 s and 16:9. */
function veo3Rules(r: RouteRequest): RouteRefusal | null {
  if (r.size === "1080p" && r.duration !== 8) return { reason: "1080p only at 8 s", param: "duration" };
  if (r.size === "1080p" && r.aspectRatio !== "16:9") return { reason: "1080p only at 16:9", param: "aspectRatio" };
  return null;
}

const VEO_3_1: VeoModel = {
  capabilities: {
    durations: [4, 6, 8],
    sizes: ["720p", "1080p", "4k"],
    aspectRatios: ["16:9", "9:16"],
    firstFrame: true,
    lastFrame: true,
    maxReferences: 3,
    idempotentSubmit: false,
    audio: true,
    negativePrompt: true,
    nativeExtension: true,
    combinationRefusal: veo31Rules,
  },
  resolutionParameter: true,
};
const VEO_3: VeoModel = {
  capabilities: {
    ...VEO_3_1.capabilities,
    sizes: ["720p", "1080p"],
    maxReferences: 0,
    nativeExtension: false,
    combinationRefusal: veo3Rules,
  },
  resolutionParameter: true,
};
const VEO_2: VeoModel = {
  capabilities: {
    ...VEO_3.capabilities,
    durations: [5, 6, 8],
    sizes: ["720p"],
    audio: false,
    maxOutputs: 2,
    combinationRefusal: undefined,
  },
  resolutionParameter: false,
};

const MODELS: Record<string, VeoModel> = {
  "veo-3.1-generate-preview": VEO_3_1,
  "veo-3.1-fast-generate-preview": VEO_3_1,
  "veo-3.0-generate-001": VEO_3,
  "veo-3.0-fast-generate-001": VEO_3,
  "veo-2.0-generate-001": VEO_2,
};

interface Operation {
  name?: unknown;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  metadata?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** The value at a path of object keys and array indexes in parsed JSON, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let here = value;
  for (const step of path) {
    if (!here || typeof here !== "object") return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

/** Progress 0–100 from operation metadata, when the upstream reports any. */
function progressFromMetadata(metadata: Record<string, unknown> | undefined): number | null {
  if (!metadata) return null;
  const pct = num(metadata.progressPercent) ?? num(metadata.progress_percent) ?? num(metadata.percentComplete);
  if (pct !== null) return Math.max(0, Math.min(100, pct));
  const raw = num(metadata.progress);
  if (raw === null) return null;
  return Math.max(0, Math.min(100, raw <= 1 ? raw * 100 : raw));
}

interface FoundVideo {
  uri?: string;
  base64?: string;
}

/** The first video of a finished operation, in the Gemini API shape or the SDK's and Vertex AI's. */
function videoAt(response: Record<string, unknown>, i: number): FoundVideo | null {
  const candidates: unknown[] = [
    at(response, "generatedVideos", i, "video"),
    at(response, "generatedVideos", i),
    at(response, "generateVideoResponse", "generatedSamples", i, "video"),
    at(response, "generatedSamples", i, "video"),
    at(response, "videos", i),
    ...(i === 0 ? [at(response, "video")] : []),
  ];
  for (const c of candidates) {
    if (!c || typeof c !== "object") continue;
    const v = c as Record<string, unknown>;
    const uri = [v.uri, v.gcsUri, v.url].find((x): x is string => typeof x === "string" && x.length > 0);
    const base64 = [v.bytesBase64Encoded, v.videoBytes, v.encodedVideo].find(
      (x): x is string => typeof x === "string" && x.length > 0,
    );
    if (uri || base64) return { uri, base64 };
  }
  return null;
}

/** Every video of the response (one per sample asked for with `sampleCount`, fewer when some were filtered). */
function videosFromResponse(response: Record<string, unknown> | undefined): FoundVideo[] {
  const videos: FoundVideo[] = [];
  if (!response) return videos;
  for (let i = 0; i < MAX_SAMPLES; i++) {
    const video = videoAt(response, i);
    if (!video) break;
    videos.push(video);
  }
  return videos;
}

/** Reasons a finished operation's video was filtered out by the upstream's safety filters, if it was. */
function policyFiltered(response: Record<string, unknown> | undefined): string[] | null {
  if (!response) return null;
  for (const scope of [response, at(response, "generateVideoResponse")]) {
    if (!scope || typeof scope !== "object") continue;
    const count = num(at(scope, "raiMediaFilteredCount")) ?? 0;
    const filtered = at(scope, "raiMediaFilteredReasons");
    const reasons = Array.isArray(filtered) ? filtered.map(String) : [];
    if (count > 0 || reasons.length > 0) return reasons;
  }
  return null;
}

function apiRoot(target: UpstreamTarget): string {
  return target.baseUrl.replace(/\/+$/, "");
}

function authHeaders(target: UpstreamTarget): Record<string, string> {
  return target.apiKey ? { "x-goog-api-key": target.apiKey } : {};
}

function image(img: UpstreamImage) {
  // The Gemini API takes the bytes only (no URLs, and `inlineData` is refused by Veo).
  return { bytesBase64Encoded: img.bytes.toString("base64"), mimeType: img.mimeType };
}

function requestBody(target: UpstreamTarget, req: UpstreamRequest) {
  const instance: Record<string, unknown> = { prompt: req.prompt };
  if (req.firstFrame) instance.image = image(req.firstFrame);
  if (req.lastFrame) instance.lastFrame = image(req.lastFrame);
  // Extension (Veo 3.1): the clip to continue is the instance's `video`, in the same inline shape as images.
  if (req.extendVideo)
    instance.video = { bytesBase64Encoded: req.extendVideo.bytes.toString("base64"), mimeType: req.extendVideo.mimeType };
  if (req.references.length) instance.referenceImages = req.references.map((r) => ({ image: image(r), referenceType: "asset" }));
  // No seed and no generateAudio: the Gemini API refuses both for Veo (its SDK throws "seed parameter is
  // not supported in Gemini API"); Veo 3.x adds sound there unasked, and the stored file is probed for it.
  const parameters: Record<string, unknown> = {
    aspectRatio: req.aspectRatio,
    durationSeconds: req.durationSeconds,
    // Several videos of one request come from one job; the capabilities' maxOutputs bound it per model.
    sampleCount: req.outputs,
  };
  if (req.negativePrompt) parameters.negativePrompt = req.negativePrompt;
  if (MODELS[target.model]?.resolutionParameter ?? true) parameters.resolution = req.size;
  return { instances: [instance], parameters };
}

/** 2xx JSON, or the error http.ts classifies, with two Gemini API particulars. */
function readJson(target: UpstreamTarget, res: SafeFetchResponse, what: string): unknown {
  const text = res.body.toString("utf8");
  // A wrong key is a 400 INVALID_ARGUMENT here, but it is the route that is broken, not the request.
  if (res.status === 400 && /API_KEY_INVALID|API key not valid/.test(text)) {
    throw new UpstreamCallError(`${target.name}: ${what}: HTTP 400 API key not valid`, {
      retryable: true,
      accepted: "no",
      status: 400,
    });
  }
  try {
    return expectJson(target, res, what);
  } catch (err) {
    // Quota errors say when to come back in the body (google.rpc.RetryInfo), not in Retry-After.
    if (err instanceof UpstreamCallError && err.options.status === 429 && err.options.retryAfterMs === undefined) {
      const retryAfterMs = retryDelayMs(text);
      if (retryAfterMs !== undefined) throw new UpstreamCallError(err.message, { ...err.options, retryAfterMs });
    }
    throw err;
  }
}

function retryDelayMs(body: string): number | undefined {
  try {
    const details = at(JSON.parse(body), "error", "details");
    if (!Array.isArray(details)) return undefined;
    for (const d of details) {
      const delay = at(d, "retryDelay");
      const seconds = typeof delay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(delay)?.[1] : undefined;
      if (seconds !== undefined) return Number(seconds) * 1000;
    }
  } catch {
    /* not JSON: no delay */
  }
  return undefined;
}

function operationName(name: unknown): string | null {
  return typeof name === "string" && name.length <= 512 && OPERATION_NAME.test(name) && !name.split("/").includes("..")
    ? name
    : null;
}

function checkedOperationName(target: UpstreamTarget, upstreamId: string): string {
  const name = operationName(upstreamId);
  if (!name) throw upstreamFailure(`${target.name}: unusable operation name ${JSON.stringify(upstreamId.slice(0, 100))}`);
  return name;
}

/** The finished video: bytes inline, or a URL that takes our key only if it is the API's own. */
function outputOf(target: UpstreamTarget, video: FoundVideo): UpstreamOutput | GenerationFailure {
  if (!video.uri) return { bytes: Buffer.from(video.base64 ?? "", "base64") };
  let url: URL;
  try {
    url = new URL(video.uri, `${apiRoot(target)}/`);
  } catch {
    return upstreamFailure(`${target.name}: invalid video URI`);
  }
  const ours = url.origin === new URL(target.baseUrl).origin;
  return { url: url.toString(), headers: ours ? authHeaders(target) : {} };
}

function failedJob(target: UpstreamTarget, error: NonNullable<Operation["error"]>): UpstreamStatus {
  // google.longrunning: a canceled operation ends with error code 1 (CANCELLED).
  if (error.code === 1 || error.status === "CANCELLED") return { state: "canceled" };
  const text = [error.status, error.message].filter(Boolean).join(": ") || `code ${error.code ?? "?"}`;
  const detail = `${target.name}: operation failed: ${text}`;
  return { state: "failed", failure: isPolicyText(text) ? policyFailure(detail, error.message ?? "") : upstreamFailure(detail) };
}

/** No video: filtered by the safety filters (a policy refusal unless the reasons say otherwise, e.g. an audio fault) or missing. */
function missingVideo(target: UpstreamTarget, response: Record<string, unknown> | undefined): GenerationFailure {
  const reasons = policyFiltered(response);
  if (!reasons) return upstreamFailure(`${target.name}: operation finished without a video`);
  const said = reasons.join(" ");
  const detail = `${target.name}: video filtered: ${said || "no reason given"}`;
  return reasons.length === 0 || reasons.some(isPolicyText) ? policyFailure(detail, said) : upstreamFailure(detail);
}

function statusOf(target: UpstreamTarget, op: Operation): UpstreamStatus {
  if (!op.done) {
    const progress = progressFromMetadata(op.metadata);
    return progress === null ? { state: "running" } : { state: "running", progress };
  }
  if (op.error) return failedJob(target, op.error);
  const videos = videosFromResponse(op.response);
  if (videos.length === 0) return { state: "failed", failure: missingVideo(target, op.response) };
  const outputs: UpstreamOutput[] = [];
  for (const video of videos) {
    const output = outputOf(target, video);
    if (output instanceof GenerationFailure) return { state: "failed", failure: output };
    outputs.push(output);
  }
  return { state: "succeeded", outputs };
}

function asOperation(value: unknown): Operation {
  return value && typeof value === "object" ? (value as Operation) : {};
}

export const veoAdapter: VideoAdapter = {
  kind: "veo",

  capabilities(model) {
    return MODELS[model]?.capabilities ?? null;
  },

  async submit(target, request, _idempotencyKey, signal) {
    const res = await upstreamRequest(target, {
      method: "POST",
      url: `${apiRoot(target)}/models/${encodeURIComponent(target.model)}:predictLongRunning`,
      headers: authHeaders(target),
      json: requestBody(target, request),
      signal,
    });
    const op = asOperation(readJson(target, res, "submit"));
    const name = operationName(op.name);
    // Accepted, but without a name we could poll: the job may run (and be billed) upstream.
    if (!name) {
      throw new UpstreamCallError(`${target.name}: submit: answer has no usable operation name`, {
        retryable: true,
        accepted: "unknown",
        status: res.status,
      });
    }
    return name;
  },

  async status(target, upstreamId, signal) {
    const name = checkedOperationName(target, upstreamId);
    const res = await upstreamRequest(target, {
      method: "GET",
      url: `${apiRoot(target)}/${name}`,
      headers: authHeaders(target),
      signal,
    });
    return statusOf(target, asOperation(readJson(target, res, "status")));
  },

  async cancel(target, upstreamId) {
    try {
      const name = checkedOperationName(target, upstreamId);
      const res = await upstreamRequest(target, {
        method: "POST",
        url: `${apiRoot(target)}/${name}:cancel`,
        headers: authHeaders(target),
        json: {},
        signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
        timeoutMs: CANCEL_TIMEOUT_MS,
      });
      if (res.status >= 300) logger.warn({ upstream: target.name, status: res.status }, "veo operation cancel refused");
    } catch (err) {
      logger.warn({ upstream: target.name, err: (err as Error).message }, "veo operation cancel failed");
    }
  },
};
