// Adapter for Runway's task API, following:
//   https://docs.dev.runwayml.com/api/ (POST /v1/image_to_video, POST /v1/text_to_video,
//     GET /v1/tasks/{id}, DELETE /v1/tasks/{id}; the X-Runway-Version header)
//   https://docs.dev.runwayml.com/assets/inputs/ (images as HTTPS URLs or data URIs, 5 MB as a data URI)
//   https://docs.dev.runwayml.com/errors/errors (HTTP errors: { "error": "..." })
//   https://docs.dev.runwayml.com/errors/task-failures/ (failureCode SAFETY.* = content moderation)
// and the official SDK (github.com/runwayml/sdk-node: resources/image-to-video.ts, text-to-video.ts,
// tasks.ts) for the per-model fields. `target.baseUrl` is the API origin (https://api.dev.runwayml.com).
// Runway documents no idempotency key and no webhooks for tasks: submits are not deduplicated and
// jobs are polled.
import {
  type AdapterCapabilities,
  UpstreamCallError,
  type UpstreamImage,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
  type VideoAdapter,
} from "../adapter";
import { expectJson, policyFailure, upstreamFailure, upstreamRequest } from "../http";

/** The API version this adapter speaks; Runway requires it on every request. */
const RUNWAY_API_VERSION = "2024-11-06";
const DATA_URI_MAX_CHARS = 5 * 1024 * 1024;
const CANCEL_TIMEOUT_MS = 5_000;

interface RunwayModel {
  durations: readonly number[];
  /** Runway `ratio` for our size and aspect ratio ("720p 16:9" → "1280:720"). */
  ratios: Readonly<Record<string, string>>;
  /** Has a text-to-video endpoint; without one a first frame is required. */
  textToVideo: boolean;
  lastFrame: boolean;
  seed: boolean;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const RATIOS_720P = { "720p 16:9": "1280:720", "720p 9:16": "720:1280" };
const RATIOS_VEO = { ...RATIOS_720P, "1080p 16:9": "1920:1080", "1080p 9:16": "1080:1920" };

// Ratios listed are the ones both endpoints accept for the model, in our aspect ratios.
const MODELS: Readonly<Record<string, RunwayModel>> = {
  "gen4.5": { durations: range(2, 10), ratios: RATIOS_720P, textToVideo: true, lastFrame: false, seed: true },
  gen4_turbo: { durations: range(2, 10), ratios: RATIOS_720P, textToVideo: false, lastFrame: false, seed: true },
  veo3: { durations: [8], ratios: RATIOS_VEO, textToVideo: true, lastFrame: false, seed: false },
  "veo3.1": { durations: [4, 6, 8], ratios: RATIOS_VEO, textToVideo: true, lastFrame: true, seed: false },
  "veo3.1_fast": { durations: [4, 6, 8], ratios: RATIOS_VEO, textToVideo: true, lastFrame: true, seed: false },
};

interface RunwayTask {
  id?: unknown;
  status?: unknown;
  progress?: unknown;
  output?: unknown;
  failure?: unknown;
  failureCode?: unknown;
}

function headers(target: UpstreamTarget): Record<string, string> {
  const h: Record<string, string> = { "x-runway-version": RUNWAY_API_VERSION };
  if (target.apiKey) h.authorization = `Bearer ${target.apiKey}`;
  return h;
}

function url(target: UpstreamTarget, path: string): string {
  return `${target.baseUrl.replace(/\/+$/, "")}${path}`;
}

/** A data URI when it fits Runway's data-URI limit, else the image's own URL. */
function imageUri(image: UpstreamImage): string {
  const dataUri = `data:${image.mimeType};base64,${image.bytes.toString("base64")}`;
  return dataUri.length <= DATA_URI_MAX_CHARS ? dataUri : image.url;
}

function requestBody(model: string, request: UpstreamRequest): Record<string, unknown> {
  const known = MODELS[model];
  const body: Record<string, unknown> = {
    model,
    promptText: request.prompt,
    ratio: known?.ratios[`${request.size} ${request.aspectRatio}`] ?? `${request.width}:${request.height}`,
    duration: request.durationSeconds,
  };
  if (known?.seed) body.seed = request.seed;
  if (request.firstFrame) {
    const frames = [{ uri: imageUri(request.firstFrame), position: "first" }];
    if (request.lastFrame) frames.push({ uri: imageUri(request.lastFrame), position: "last" });
    body.promptImage = frames;
  }
  return body;
}

/** Requests this adapter cannot express for the model; refused before anything is sent. */
function unsupported(model: string, request: UpstreamRequest): string | null {
  if (request.lastFrame && !request.firstFrame) return "a last frame needs a first frame";
  if (request.references.length > 0) return "reference images are not supported";
  if (MODELS[model]?.textToVideo === false && !request.firstFrame) return `${model} needs a first frame`;
  return null;
}

function taskStatus(target: UpstreamTarget, task: RunwayTask): UpstreamStatus {
  switch (task.status) {
    case "PENDING":
    case "THROTTLED":
      return { state: "running" };
    case "RUNNING": {
      // Runway reports progress as a fraction; ours is a percentage.
      const fraction = typeof task.progress === "number" && Number.isFinite(task.progress) ? task.progress : null;
      return fraction === null
        ? { state: "running" }
        : { state: "running", progress: Math.max(0, Math.min(100, fraction * 100)) };
    }
    case "SUCCEEDED": {
      const first = Array.isArray(task.output) ? task.output[0] : undefined;
      if (typeof first !== "string" || !first) {
        return { state: "failed", failure: upstreamFailure(`${target.name}: task succeeded without an output URL`) };
      }
      return { state: "succeeded", outputs: [{ url: first }] };
    }
    case "FAILED": {
      const code = typeof task.failureCode === "string" ? task.failureCode : "";
      const said = typeof task.failure === "string" ? task.failure : "";
      const detail = `${target.name}: task failed: ${[code, said].filter(Boolean).join(": ") || "no reason given"}`;
      // SAFETY.INPUT.*, SAFETY.OUTPUT.* and INPUT_PREPROCESSING.SAFETY.* are moderation refusals.
      if (/(^|\.)SAFETY(\.|$)/.test(code)) return { state: "failed", failure: policyFailure(detail, said) };
      return { state: "failed", failure: upstreamFailure(detail) };
    }
    case "CANCELLED":
      return { state: "canceled" };
    default:
      throw new UpstreamCallError(`${target.name}: task answer has no known status (${String(task.status)})`, {
        retryable: true,
        accepted: "unknown",
      });
  }
}

export const runwayAdapter: VideoAdapter = {
  kind: "runway",

  capabilities(model: string): AdapterCapabilities | null {
    const known = MODELS[model];
    if (!known) return null;
    const keys = Object.keys(known.ratios);
    return {
      durations: known.durations,
      sizes: [...new Set(keys.map((k) => k.split(" ")[0]!))],
      aspectRatios: [...new Set(keys.map((k) => k.split(" ")[1]!))],
      firstFrame: true,
      lastFrame: known.lastFrame,
      maxReferences: 0,
      idempotentSubmit: false,
      seed: known.seed,
    };
  },

  async submit(target, request, _idempotencyKey, signal) {
    const refusal = unsupported(target.model, request);
    if (refusal) throw upstreamFailure(`${target.name}: ${target.model}: ${refusal}`);
    const res = await upstreamRequest(target, {
      method: "POST",
      url: url(target, request.firstFrame ? "/v1/image_to_video" : "/v1/text_to_video"),
      headers: headers(target),
      json: requestBody(target.model, request),
      signal,
    });
    const created = expectJson(target, res, "submit") as RunwayTask | null;
    if (typeof created?.id !== "string" || !created.id) {
      throw new UpstreamCallError(`${target.name}: submit answer has no task id`, { retryable: true, accepted: "unknown" });
    }
    return created.id;
  },

  async status(target, upstreamId, signal) {
    const res = await upstreamRequest(target, {
      method: "GET",
      url: url(target, `/v1/tasks/${encodeURIComponent(upstreamId)}`),
      headers: headers(target),
      signal,
    });
    const task = expectJson(target, res, "task status") as RunwayTask | null;
    return taskStatus(target, task ?? {});
  },

  async cancel(target, upstreamId) {
    // DELETE cancels a pending or running task (and deletes a finished one).
    try {
      await upstreamRequest(target, {
        method: "DELETE",
        url: url(target, `/v1/tasks/${encodeURIComponent(upstreamId)}`),
        headers: { ...headers(target), accept: "*/*" },
        signal: new AbortController().signal,
        timeoutMs: CANCEL_TIMEOUT_MS,
      });
    } catch {
      // Best effort: the task ends on its own and is never downloaded.
    }
  },
};
