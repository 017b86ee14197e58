/**
 * The contract every upstream video API adapter implements (docs/providers.md). An adapter is a
 * set of stateless calls; the route runner (generations/worker/) owns the order, the retries,
 * failover between routes, and what is persisted between the calls, so that a job is submitted
 * at most once whatever crashes in between.
 */
import type { GenerationFailure } from "./types";

export const PROVIDER_KINDS = ["veo", "fal", "replicate", "runway", "openai"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** The parts of a request that decide whether a route's upstream model can produce it. */
export interface RouteRequest {
  duration: number;
  size: string;
  aspectRatio: string;
  firstFrame: boolean;
  lastFrame: boolean;
  references: number;
  /** A sound track was asked for (`generateAudio`). */
  audio: boolean;
  /** The request has a `negativePrompt`. */
  negativePrompt: boolean;
  /** The request continues a previous clip (`extendFrom`). */
  extension: boolean;
  /** Clips asked for (`n`). */
  outputs: number;
}

/** Why a route cannot produce a request ("takes durations 4, 6, 8 s") and which parameter is at fault. */
export interface RouteRefusal {
  reason: string;
  param: keyof RouteRequest;
}

/** What an upstream model accepts. Checked when a request is accepted, before any hold. */
export interface AdapterCapabilities {
  /** Durations in whole seconds the upstream can produce (a request outside is refused). */
  durations: readonly number[];
  /** Our `size` values it can produce ("720p", "1080p", ...). */
  sizes: readonly string[];
  /** Our `aspectRatio` values it can produce ("16:9", "9:16", "1:1"). */
  aspectRatios: readonly string[];
  firstFrame: boolean;
  lastFrame: boolean;
  /** Reference images (the request's `urls`) it takes; 0 when it takes none. */
  maxReferences: number;
  /** The upstream deduplicates submits by a key we send: a resubmit after a crash returns the same job. */
  idempotentSubmit: boolean;
  /** It can add a sound track (a request with `generateAudio` goes only to routes that can); absent: silent clips only. */
  audio?: boolean;
  /** It takes a negative prompt; absent: a request with one is not sent to it. */
  negativePrompt?: boolean;
  /** Clips one job returns at most (`n`); absent: one, and a request for several is not sent to it. */
  maxOutputs?: number;
  /** It takes a seed (passed through); absent: the seed is not sent (the clip is not reproducible there). */
  seed?: boolean;
  /**
   * It continues a video it is given (the source clip is sent as the provider documents, e.g. Veo's
   * `video` input). Absent: an extension is sent with the source's last frame as its first frame,
   * so it needs `firstFrame`.
   */
  nativeExtension?: boolean;
  /** Rules between parameters the lists above cannot express ("1080p only at 8 s"), in the route's words. */
  combinationRefusal?: (request: RouteRequest) => RouteRefusal | null;
}

/** An image the worker already fetched through the SSRF guard; adapters send the bytes or the URL. */
export interface UpstreamImage {
  url: string;
  bytes: Buffer;
  mimeType: string;
}

/** A video we stored (an extension's source), as bytes and its public URL. */
interface UpstreamVideo {
  url: string;
  bytes: Buffer;
  mimeType: "video/mp4";
}

/** One generation, in our terms; each adapter maps it to its provider's fields. */
export interface UpstreamRequest {
  generationId: string;
  prompt: string;
  durationSeconds: number;
  size: string;
  aspectRatio: string;
  width: number;
  height: number;
  seed: number;
  /** The request's negative prompt; only sent to models whose capabilities take one. */
  negativePrompt?: string;
  /** Whether a sound track was asked for. */
  generateAudio: boolean;
  /** Videos asked for (`n`); only above 1 for models whose capabilities' `maxOutputs` allow it. */
  outputs: number;
  firstFrame?: UpstreamImage;
  lastFrame?: UpstreamImage;
  references: UpstreamImage[];
  /** The clip an extension continues (the source's stored MP4); only sent to models with `nativeExtension`. */
  extendVideo?: UpstreamVideo;
  /**
   * Where the upstream should call back when the job ends (our receiver for this route and
   * generation), for providers with webhooks; polling works without it.
   */
  callbackUrl?: string;
}

/** A route's upstream as configured by environment (UPSTREAM_<CREDENTIALS>_URL, _API_KEY, ...). */
export interface UpstreamTarget {
  /** The route's credentials name, for logs and error details (never the key). */
  name: string;
  baseUrl: string;
  apiKey: string | null;
  /** The upstream's model id (e.g. "veo-3.0-generate-001", "fal-ai/kling-video/v2/master/text-to-video"). */
  model: string;
  /** Secret for verifying the upstream's webhook calls, where the provider signs them with one. */
  webhookSecret: string | null;
  /** Cap on the downloaded video's size, in bytes. */
  maxVideoBytes: number;
  /** How long one API call may take; a submit past it may have been accepted (outcome unknown). */
  requestTimeoutMs: number;
}

/** Where a finished upstream job's video is: a URL to download (it may expire) or the bytes themselves. */
export type UpstreamOutput = { url: string; headers?: Record<string, string> } | { bytes: Buffer };

export type UpstreamStatus =
  | { state: "running"; progress?: number }
  /** Every video the job made, in order (several when the request asked for `outputs` > 1 and the model returns them). */
  | { state: "succeeded"; outputs: UpstreamOutput[] }
  | { state: "failed"; failure: GenerationFailure }
  | { state: "canceled" };

/** What a webhook call from the upstream said, once verified. */
export interface UpstreamCallback {
  upstreamId: string;
  status: UpstreamStatus;
}

/**
 * A call the upstream did not complete. `accepted` says whether the job may exist upstream:
 * "no" when the upstream answered and refused it (429, 5xx before acceptance, connection refused),
 * "unknown" when the call may have reached it (timeout after sending, connection reset).
 */
export class UpstreamCallError extends Error {
  constructor(
    message: string,
    readonly options: {
      retryable: boolean;
      accepted: "no" | "unknown";
      /** The upstream's Retry-After, when it sent one. */
      retryAfterMs?: number;
      status?: number;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.name = "UpstreamCallError";
  }
}

export interface VideoAdapter {
  readonly kind: ProviderKind;
  /** What `model` of this provider can do; null when the adapter cannot tell (then nothing is refused early). */
  capabilities(model: string): AdapterCapabilities | null;
  /**
   * Submits the job; resolves with the upstream's id once it accepted it. Throws UpstreamCallError
   * when it did not (or may not have), GenerationFailure for a final refusal (content policy,
   * invalid input).
   */
  submit(target: UpstreamTarget, request: UpstreamRequest, idempotencyKey: string, signal: AbortSignal): Promise<string>;
  /** The job's state now. Throws UpstreamCallError when the upstream could not be asked. */
  status(target: UpstreamTarget, upstreamId: string, signal: AbortSignal): Promise<UpstreamStatus>;
  /** Asks the upstream to stop the job; best effort, never throws. */
  cancel(target: UpstreamTarget, upstreamId: string): Promise<void>;
  /**
   * Verifies and reads a webhook call (raw body as sent, lower-case header names); null when the
   * call is not a genuine one from this upstream. Absent for providers without webhooks.
   */
  parseCallback?(target: UpstreamTarget, headers: Record<string, string>, rawBody: Buffer): Promise<UpstreamCallback | null>;
}
