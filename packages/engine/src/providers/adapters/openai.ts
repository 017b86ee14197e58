// Adapter for OpenAI's Videos API (Sora) and servers compatible with it, following:
//   https://developers.openai.com/api/reference/resources/videos (POST /videos with the JSON body:
//     model, prompt, seconds "4" | "8" | "12", size "1280x720", input_reference { image_url };
//     GET /videos/{id}: queued | in_progress | completed | failed, progress, error { code, message };
//     GET /videos/{id}/content; DELETE /videos/{id}) — also in github.com/openai/openai-openapi
//   https://developers.openai.com/api/docs/guides/video-generation (the image reference must have
//     the output's exact size; webhooks video.completed / video.failed)
//   https://developers.openai.com/api/docs/guides/webhooks (Standard Webhooks: webhook-id,
//     webhook-timestamp, webhook-signature, `whsec_` secret)
//   https://developers.openai.com/api/docs/guides/error-codes ({ error: { message, type, param, code } })
// `target.baseUrl` includes the version prefix, as in the official SDKs (https://api.openai.com/v1).
// OpenAI documents no idempotency key for creating videos, so submits are not deduplicated.
// Webhooks are configured per project in OpenAI's dashboard, not per request: `callbackUrl` is unused.
import { Webhook } from "standardwebhooks";
import {
  type AdapterCapabilities,
  UpstreamCallError,
  type UpstreamCallback,
  type UpstreamImage,
  type UpstreamOutput,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
  type VideoAdapter,
} from "../adapter";
import { expectJson, isPolicyText, policyFailure, upstreamFailure, upstreamRequest } from "../http";

const CANCEL_TIMEOUT_MS = 5_000;

interface SoraModel {
  durations: readonly number[];
  /** OpenAI `size` for our size and aspect ratio ("720p 16:9" → "1280x720"). */
  sizes: Readonly<Record<string, string>>;
}

// The reference's size enum also has 1792x1024 / 1024x1792 (sora-2-pro), which is none of our sizes.
const SORA: SoraModel = { durations: [4, 8, 12], sizes: { "720p 16:9": "1280x720", "720p 9:16": "720x1280" } };
const MODELS: Readonly<Record<string, SoraModel>> = { "sora-2": SORA, "sora-2-pro": SORA };

/** A model id or one of its dated snapshots ("sora-2-2025-10-06"). */
function soraModel(model: string): SoraModel | undefined {
  return MODELS[model.replace(/-\d{4}-\d{2}-\d{2}$/, "")];
}

interface VideoResource {
  id?: unknown;
  status?: unknown;
  progress?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

function base(target: UpstreamTarget): string {
  return target.baseUrl.replace(/\/+$/, "");
}

function auth(target: UpstreamTarget): Record<string, string> {
  return target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
}

function videoUrl(target: UpstreamTarget, id: string, suffix = ""): string {
  return `${base(target)}/videos/${encodeURIComponent(id)}${suffix}`;
}

/** The finished video is downloaded from the API itself, with the key. */
function contentOutput(target: UpstreamTarget, id: string): UpstreamOutput {
  return { url: videoUrl(target, id, "/content"), headers: auth(target) };
}

/** The first frame as a data URL at exactly the output size, which OpenAI requires of the reference. */
async function referenceImage(target: UpstreamTarget, image: UpstreamImage, size: string): Promise<string> {
  const [width, height] = size.split("x").map(Number);
  try {
    const { default: sharp } = await import("sharp");
    const jpeg = await sharp(image.bytes).resize(width, height, { fit: "cover" }).jpeg({ quality: 92 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch (err) {
    throw upstreamFailure(`${target.name}: first frame could not be resized to ${size}: ${(err as Error).message}`, err);
  }
}

async function requestBody(target: UpstreamTarget, request: UpstreamRequest): Promise<Record<string, unknown>> {
  const size = soraModel(target.model)?.sizes[`${request.size} ${request.aspectRatio}`] ?? `${request.width}x${request.height}`;
  const body: Record<string, unknown> = {
    model: target.model,
    prompt: request.prompt,
    seconds: String(request.durationSeconds),
    size,
  };
  if (request.firstFrame) body.input_reference = { image_url: await referenceImage(target, request.firstFrame, size) };
  return body;
}

function failure(target: UpstreamTarget, error: VideoResource["error"]): UpstreamStatus {
  const code = typeof error?.code === "string" ? error.code : "";
  const said = typeof error?.message === "string" ? error.message : "";
  const detail = `${target.name}: video failed: ${[code, said].filter(Boolean).join(": ") || "no reason given"}`;
  if (isPolicyText(`${code} ${said}`)) return { state: "failed", failure: policyFailure(detail, said) };
  return { state: "failed", failure: upstreamFailure(detail) };
}

function videoStatus(target: UpstreamTarget, id: string, video: VideoResource): UpstreamStatus {
  switch (video.status) {
    case "queued":
    case "in_progress":
      return typeof video.progress === "number" && Number.isFinite(video.progress)
        ? { state: "running", progress: Math.max(0, Math.min(100, video.progress)) }
        : { state: "running" };
    case "completed":
      return { state: "succeeded", outputs: [contentOutput(target, id)] };
    case "failed":
      return failure(target, video.error);
    default:
      throw new UpstreamCallError(`${target.name}: video answer has no known status (${String(video.status)})`, {
        retryable: true,
        accepted: "unknown",
      });
  }
}

/** The Standard Webhooks headers, when all three are present. */
function signatureHeaders(headers: Record<string, string>): Record<string, string> | null {
  const names = ["webhook-id", "webhook-timestamp", "webhook-signature"];
  return names.every((n) => typeof headers[n] === "string") ? Object.fromEntries(names.map((n) => [n, headers[n]!])) : null;
}

/** The verified event, or null when the call is not signed with the target's secret (or is too old). */
function verifiedEvent(target: UpstreamTarget, headers: Record<string, string>, rawBody: Buffer): unknown {
  const signed = signatureHeaders(headers);
  if (!target.webhookSecret || !signed) return null;
  try {
    return new Webhook(target.webhookSecret).verify(rawBody.toString("utf8"), signed);
  } catch {
    return null;
  }
}

export const openaiAdapter: VideoAdapter = {
  kind: "openai",

  capabilities(model: string): AdapterCapabilities | null {
    const known = soraModel(model);
    if (!known) return null;
    const keys = Object.keys(known.sizes);
    return {
      durations: known.durations,
      sizes: [...new Set(keys.map((k) => k.split(" ")[0]!))],
      aspectRatios: [...new Set(keys.map((k) => k.split(" ")[1]!))],
      firstFrame: true,
      lastFrame: false,
      maxReferences: 0,
      idempotentSubmit: false,
      // Sora 2 clips always carry synchronized sound; there is no parameter to ask for it or turn it off.
      audio: true,
    };
  },

  async submit(target, request, _idempotencyKey, signal) {
    if (request.lastFrame) throw upstreamFailure(`${target.name}: ${target.model}: a last frame is not supported`);
    if (request.references.length > 0)
      throw upstreamFailure(`${target.name}: ${target.model}: reference images are not supported`);
    const res = await upstreamRequest(target, {
      method: "POST",
      url: `${base(target)}/videos`,
      headers: auth(target),
      json: await requestBody(target, request),
      signal,
    });
    const video = expectJson(target, res, "create video") as VideoResource | null;
    if (typeof video?.id !== "string" || !video.id) {
      throw new UpstreamCallError(`${target.name}: create video answer has no id`, { retryable: true, accepted: "unknown" });
    }
    return video.id;
  },

  async status(target, upstreamId, signal) {
    const res = await upstreamRequest(target, {
      method: "GET",
      url: videoUrl(target, upstreamId),
      headers: auth(target),
      signal,
    });
    const video = expectJson(target, res, "retrieve video") as VideoResource | null;
    return videoStatus(target, upstreamId, video ?? {});
  },

  async cancel(target, upstreamId) {
    // The API has no cancel; DELETE is its documented way to discard a video.
    try {
      await upstreamRequest(target, {
        method: "DELETE",
        url: videoUrl(target, upstreamId),
        headers: auth(target),
        signal: new AbortController().signal,
        timeoutMs: CANCEL_TIMEOUT_MS,
      });
    } catch {
      // Best effort: the video ends on its own and is never downloaded.
    }
  },

  async parseCallback(target, headers, rawBody): Promise<UpstreamCallback | null> {
    const event = verifiedEvent(target, headers, rawBody) as { type?: unknown; data?: { id?: unknown } } | null;
    const id = event?.data?.id;
    if (typeof id !== "string" || !id) return null;
    if (event?.type === "video.completed")
      return { upstreamId: id, status: { state: "succeeded", outputs: [contentOutput(target, id)] } };
    if (event?.type !== "video.failed") return null;
    // The event carries only the id: the reason (a content-policy refusal or not) is on the video.
    try {
      const status = await openaiAdapter.status(target, id, new AbortController().signal);
      if (status.state === "failed") return { upstreamId: id, status };
    } catch {
      // Reported as a plain failure below.
    }
    return {
      upstreamId: id,
      status: { state: "failed", failure: upstreamFailure(`${target.name}: video.failed webhook for ${id}`) },
    };
  },
};
