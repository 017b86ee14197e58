// A local stand-in for Veo through the Gemini API (https://ai.google.dev/gemini-api/docs/video):
// models/{model}:predictLongRunning, operations get and cancel, and the keyed file download that
// redirects to the bytes. It checks the key and the documented per-model parameters, answers in
// Google's error shape ({"error": {code, message, status, details}}), advances jobs on polls and
// serves real MP4s of the length each job is told to deliver.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tinyMp4 } from "../helpers/tiny-mp4";

/** How a submitted job ends. */
export type VeoJobOutcome =
  /** A video (a URI to download). */
  | "succeed"
  /** A video whose bytes are in the operation itself. */
  | "inline"
  /** An operation error (INTERNAL). */
  | "fail"
  /** An operation error whose message is a usage-guidelines refusal. */
  | "policy_error"
  /** No video: the safety filters removed it (raiMediaFilteredReasons). */
  | "filtered"
  /** No video: filtered for an audio processing fault, not for policy. */
  | "audio_filtered"
  /** Never finishes. */
  | "never"
  /** A video URI that answers 404. */
  | "output_404";

interface VeoJobBehavior {
  /** Polls answered "running" before the job is done. */
  pollsUntilDone: number;
  outcome: VeoJobOutcome;
  /** Seconds of video delivered; the requested durationSeconds when absent (set it lower for a short clip). */
  outputSeconds?: number;
  /** Reports metadata.progressPercent while running (the API documents no progress, so off by default). */
  reportProgress: boolean;
  /** Bytes downloaded instead of a rendered clip (e.g. a damaged MP4). */
  outputBytes?: Buffer;
  /** Videos returned of the `sampleCount` asked for (the rest filtered, as the API reports); all when absent. */
  samplesReturned?: number;
}

/** How one request is answered instead of normally. */
export type VeoFault =
  /** 429 RESOURCE_EXHAUSTED with google.rpc.RetryInfo (retryDelay "7s"). */
  | "rate_limited"
  /** 500 INTERNAL. */
  | "server_error"
  /** 503 UNAVAILABLE. */
  | "unavailable"
  /** 502 with a proxy's HTML page. */
  | "bad_gateway"
  /** 200 with a body that is not JSON. */
  | "malformed"
  /** Never answers. */
  | "hang"
  /** Reads the request, then drops the connection. */
  | "reset"
  /** 400 INVALID_ARGUMENT: the prompt violates the usage guidelines. */
  | "policy_refusal";

type VeoRoute = "submit" | "status" | "cancel" | "download";

/** A submit that hangs, resets, is malformed or passes through a failing gateway still starts its job: only the answer is lost. */
const ACCEPTED_DESPITE_FAULT: ReadonlySet<VeoFault> = new Set(["hang", "reset", "malformed", "bad_gateway"]);

export const POLICY_REFUSAL =
  "The prompt could not be submitted. This prompt contains sensitive words that violate Google's Responsible AI practices. Try rephrasing the prompt. If you think this was an error, send feedback.";
export const FILTER_REASON =
  "Veo could not generate videos because the input image violates Google's Responsible AI practices. Try rephrasing the prompt. Support codes: 58061214";
export const AUDIO_FILTER_REASON =
  "We encountered an issue with the audio for your prompt and are unable to generate a video. You have not been charged for this request.";

interface VeoSubmitBody {
  instances?: Record<string, unknown>[];
  parameters?: Record<string, unknown>;
}

interface VeoFakeJob {
  name: string;
  model: string;
  body: VeoSubmitBody;
  behavior: VeoJobBehavior;
  polls: number;
  canceled: boolean;
}

interface ModelRules {
  durations: number[];
  /** null: the model takes no resolution parameter. */
  resolutions: string[] | null;
  maxReferences: number;
  /** 1080p renders only at 16:9. */
  fullHdLandscapeOnly: boolean;
  /** Continues a previous video given as the instance's `video` (Veo 3.1 only), at 720p. */
  extension?: boolean;
  /** Videos one request may ask for (`sampleCount`): the Gemini API's Veo 2 takes 1-2, Veo 3 and 3.1 one. */
  maxSamples: number;
}

const VEO_3_1: ModelRules = {
  durations: [4, 6, 8],
  resolutions: ["720p", "1080p", "4k"],
  maxReferences: 3,
  fullHdLandscapeOnly: false,
  extension: true,
  maxSamples: 1,
};
const VEO_3: ModelRules = {
  durations: [4, 6, 8],
  resolutions: ["720p", "1080p"],
  maxReferences: 0,
  fullHdLandscapeOnly: true,
  extension: false,
  maxSamples: 1,
};
const MODELS: Record<string, ModelRules> = {
  "veo-3.1-generate-preview": VEO_3_1,
  "veo-3.1-fast-generate-preview": VEO_3_1,
  "veo-3.0-generate-001": VEO_3,
  "veo-3.0-fast-generate-001": VEO_3,
  "veo-2.0-generate-001": {
    durations: [5, 6, 8],
    resolutions: null,
    maxReferences: 0,
    fullHdLandscapeOnly: false,
    maxSamples: 2,
  },
};

const DEFAULT_JOB: VeoJobBehavior = { pollsUntilDone: 2, outcome: "succeed", reportProgress: false };

export interface VeoFake {
  /** The API root to configure as the target's baseUrl (…/v1beta). */
  baseUrl: string;
  apiKey: string;
  /** Every submit request that reached the fake, accepted or not. */
  submits: VeoSubmitBody[];
  /** Requests per route, faulted ones included. */
  received: Record<VeoRoute, number>;
  /** Accepted jobs (each one would be billed upstream), by operation name. */
  jobs: Map<string, VeoFakeJob>;
  /** How jobs behave unless `nextJob` said otherwise. */
  defaults: VeoJobBehavior;
  /** How the next submitted job behaves (queued, one per job). */
  nextJob(behavior: Partial<VeoJobBehavior>): void;
  /** Answers the next `times` requests on `route` with `fault`. */
  fail(route: VeoRoute, fault: VeoFault, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

interface GoogleError {
  code: number;
  status: string;
  message: string;
  details?: unknown[];
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, error: GoogleError): void {
  sendJson(res, error.code, { error });
}

const invalid = (message: string): GoogleError => ({ code: 400, status: "INVALID_ARGUMENT", message });

function keyError(key: string | undefined): GoogleError {
  if (!key) {
    return {
      code: 403,
      status: "PERMISSION_DENIED",
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    };
  }
  return {
    ...invalid("API key not valid. Please pass a valid API key."),
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "API_KEY_INVALID",
        domain: "googleapis.com",
        metadata: { service: "generativelanguage.googleapis.com" },
      },
    ],
  };
}

/** What is wrong with an image field, per the Gemini API (bytes and a MIME type; no inlineData). */
function imageProblem(field: string, value: unknown): string | null {
  if (!value || typeof value !== "object") return `${field} must be an image object.`;
  const img = value as Record<string, unknown>;
  if ("inlineData" in img) return "`inlineData` isn't supported by this model.";
  if ("gcsUri" in img) return "`gcsUri` isn't supported by this model.";
  if (typeof img.bytesBase64Encoded !== "string" || img.bytesBase64Encoded.length === 0)
    return `${field}.bytesBase64Encoded is required.`;
  if (typeof img.mimeType !== "string" || !img.mimeType.startsWith("image/")) return `${field}.mimeType must be an image type.`;
  return null;
}

/** What the API would refuse in a submit for `rules`, or null. */
function requestProblem(rules: ModelRules, body: VeoSubmitBody): string | null {
  const instance = Array.isArray(body.instances) && body.instances.length === 1 ? body.instances[0] : undefined;
  if (!instance || typeof instance !== "object")
    return "* PredictLongRunningRequest.instances: exactly one instance is required.";
  if (typeof instance.prompt !== "string" || instance.prompt.trim() === "") return "The prompt is required.";
  if (instance.image !== undefined) {
    const problem = imageProblem("image", instance.image);
    if (problem) return problem;
  }
  if (instance.lastFrame !== undefined) {
    const problem = imageProblem("lastFrame", instance.lastFrame);
    if (problem) return problem;
    if (instance.image === undefined) return "lastFrame must be used in combination with image.";
  }
  const params = body.parameters ?? {};
  if (instance.video !== undefined) {
    // Extending a video: an MP4 of a previous generation, alone (no images), rendered on at 720p.
    if (!rules.extension) return "`video` isn't supported by this model.";
    const video = instance.video as Record<string, unknown> | null;
    if (!video || typeof video !== "object") return "video must be a video object.";
    if (typeof video.bytesBase64Encoded !== "string" || video.bytesBase64Encoded.length === 0)
      return "video.bytesBase64Encoded is required.";
    if (video.mimeType !== "video/mp4") return "video.mimeType must be video/mp4.";
    if (instance.image !== undefined || instance.lastFrame !== undefined || instance.referenceImages !== undefined)
      return "video cannot be combined with image, lastFrame or referenceImages.";
    if (params.resolution !== undefined && params.resolution !== "720p") return "Video extension supports only 720p.";
  }
  const aspectRatio = params.aspectRatio ?? "16:9";
  if (aspectRatio !== "16:9" && aspectRatio !== "9:16") return `Aspect ratio ${String(aspectRatio)} is not supported.`;
  const duration = Number(params.durationSeconds ?? 8);
  if (!rules.durations.includes(duration)) return `durationSeconds must be one of ${rules.durations.join(", ")}.`;
  const references = instance.referenceImages;
  if (references !== undefined) {
    if (rules.maxReferences === 0) return "`referenceImages` isn't supported by this model.";
    if (!Array.isArray(references) || references.length === 0 || references.length > rules.maxReferences) {
      return `Up to ${rules.maxReferences} reference images are supported.`;
    }
    for (const ref of references as Record<string, unknown>[]) {
      const problem = imageProblem("referenceImages.image", ref?.image);
      if (problem) return problem;
      if (ref.referenceType !== "asset" && ref.referenceType !== "style") return "referenceType must be asset or style.";
    }
    if (duration !== 8 || aspectRatio !== "16:9") return "Reference images are supported only with 16:9 and durationSeconds 8.";
  }
  const samples = params.sampleCount ?? 1;
  if (!Number.isInteger(samples) || (samples as number) < 1 || (samples as number) > rules.maxSamples)
    return `sampleCount must be an integer from 1 to ${rules.maxSamples} for this model.`;
  // The Gemini API has no seed or generateAudio for Veo (its SDK refuses both before sending).
  if (params.seed !== undefined) return "seed parameter is not supported in Gemini API.";
  if (params.generateAudio !== undefined) return "generateAudio parameter is not supported in Gemini API.";
  if (params.negativePrompt !== undefined && (typeof params.negativePrompt !== "string" || params.negativePrompt === ""))
    return "negativePrompt must be a non-empty string.";
  if (params.resolution !== undefined) {
    if (!rules.resolutions) return "`resolution` isn't supported by this model.";
    if (!rules.resolutions.includes(String(params.resolution)))
      return `Resolution ${String(params.resolution)} is not supported.`;
    if (params.resolution !== "720p" && duration !== 8)
      return `Resolution ${String(params.resolution)} supports only durationSeconds 8.`;
    if (params.resolution === "1080p" && rules.fullHdLandscapeOnly && aspectRatio !== "16:9") return "1080p supports only 16:9.";
  }
  return null;
}

/** Answers one request with `fault` instead of normally ("hang" never answers). */
function answerFault(req: http.IncomingMessage, res: http.ServerResponse, fault: VeoFault): void {
  switch (fault) {
    case "rate_limited":
      sendError(res, {
        code: 429,
        status: "RESOURCE_EXHAUSTED",
        message: "You exceeded your current quota, please check your plan and billing details.",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "7s" }],
      });
      break;
    case "server_error":
      sendError(res, { code: 500, status: "INTERNAL", message: "An internal error has occurred." });
      break;
    case "unavailable":
      sendError(res, { code: 503, status: "UNAVAILABLE", message: "The model is overloaded. Please try again later." });
      break;
    case "bad_gateway":
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      break;
    case "malformed":
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"name": "models/veo/operations/');
      break;
    case "hang":
      break;
    case "reset":
      req.socket.destroy();
      break;
    case "policy_refusal":
      sendError(res, invalid(POLICY_REFUSAL));
      break;
  }
}

export async function startVeoFake(opts: { apiKey?: string } = {}): Promise<VeoFake> {
  const apiKey = opts.apiKey ?? "veo-fake-key";
  const faults: Record<VeoRoute, { fault: VeoFault; left: number }[]> = { submit: [], status: [], cancel: [], download: [] };
  const queuedJobs: Partial<VeoJobBehavior>[] = [];
  let counter = 0;

  const takeFault = (route: VeoRoute): VeoFault | null => {
    const next = faults[route][0];
    if (!next) return null;
    if (--next.left <= 0) faults[route].shift();
    return next.fault;
  };

  const createJob = (model: string, body: VeoSubmitBody): VeoFakeJob => {
    const name = `models/${model}/operations/${(++counter).toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    const job: VeoFakeJob = {
      name,
      model,
      body,
      behavior: { ...fake.defaults, ...queuedJobs.shift() },
      polls: 0,
      canceled: false,
    };
    fake.jobs.set(name, job);
    return job;
  };

  const outputSeconds = (job: VeoFakeJob) => job.behavior.outputSeconds ?? Number(job.body.parameters?.durationSeconds ?? 8);

  const operationJson = async (job: VeoFakeJob, origin: string): Promise<Record<string, unknown>> => {
    const { outcome, pollsUntilDone, reportProgress } = job.behavior;
    if (job.canceled)
      return { name: job.name, done: true, error: { code: 1, message: "Operation was cancelled.", status: "CANCELLED" } };
    if (outcome === "never" || job.polls <= pollsUntilDone) {
      const progressPercent = Math.min(99, Math.round((job.polls / (pollsUntilDone + 1)) * 100));
      return reportProgress ? { name: job.name, metadata: { progressPercent } } : { name: job.name };
    }
    const done = (generateVideoResponse: Record<string, unknown>) => ({
      name: job.name,
      done: true,
      response: {
        "@type": "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse",
        generateVideoResponse,
      },
    });
    const fileId = job.name.split("/").pop();
    switch (outcome) {
      case "fail":
        return {
          name: job.name,
          done: true,
          error: { code: 13, message: "Video generation failed due to an internal error.", status: "INTERNAL" },
        };
      case "policy_error":
        return { name: job.name, done: true, error: { code: 3, message: POLICY_REFUSAL, status: "INVALID_ARGUMENT" } };
      case "filtered":
        return done({ raiMediaFilteredCount: 1, raiMediaFilteredReasons: [FILTER_REASON] });
      case "audio_filtered":
        return done({ raiMediaFilteredCount: 1, raiMediaFilteredReasons: [AUDIO_FILTER_REASON] });
      case "inline":
        return done({
          generatedSamples: [
            { video: { encodedVideo: (await tinyMp4(outputSeconds(job))).toString("base64"), encoding: "video/mp4" } },
          ],
        });
      default: {
        // One file per sample returned; the first keeps the job's id, sample i its id and "-i".
        const asked = Number(job.body.parameters?.sampleCount ?? 1);
        const returned = Math.min(asked, job.behavior.samplesReturned ?? asked);
        const files = Array.from({ length: returned }, (_, i) => (i === 0 ? fileId : `${fileId}-${i}`));
        return done({
          generatedSamples: files.map((f) => ({ video: { uri: `${origin}/v1beta/files/${f}:download?alt=media` } })),
          ...(returned < asked ? { raiMediaFilteredCount: asked - returned, raiMediaFilteredReasons: [FILTER_REASON] } : {}),
        });
      }
    }
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const p = url.pathname;
    const origin = `http://${req.headers.host}`;
    const key = req.headers["x-goog-api-key"] as string | undefined;

    // The signed file location a download redirects to: no key needed.
    const blob = /^\/blob\/([^/]+)\.mp4$/.exec(p);
    if (req.method === "GET" && blob) {
      const job = [...fake.jobs.values()].find((j) => j.name.endsWith(`/${blob[1]!.replace(/-\d$/, "")}`));
      if (!job) return sendError(res, { code: 404, status: "NOT_FOUND", message: "No such object." });
      const video = job.behavior.outputBytes ?? (await tinyMp4(outputSeconds(job)));
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return void res.end(video);
    }

    const route: VeoRoute | null = /^\/v1beta\/models\/[^/]+:predictLongRunning$/.test(p)
      ? "submit"
      : /^\/v1beta\/files\/[^/]+:download$/.test(p)
        ? "download"
        : p.endsWith(":cancel")
          ? "cancel"
          : p.startsWith("/v1beta/models/")
            ? "status"
            : null;
    if (!route) return sendError(res, { code: 404, status: "NOT_FOUND", message: `No route ${req.method} ${p}` });
    fake.received[route]++;
    const body = route === "submit" ? parseBody(chunks) : undefined;
    if (route === "submit") fake.submits.push(body ?? {});

    const fault = takeFault(route);
    if (fault) {
      if (route === "submit" && ACCEPTED_DESPITE_FAULT.has(fault) && body) {
        const model = decodeURIComponent(/models\/([^/:]+):/.exec(p)?.[1] ?? "");
        if (MODELS[model]) createJob(model, body);
      }
      return answerFault(req, res, fault);
    }
    if (key !== apiKey) return sendError(res, keyError(key));

    if (route === "submit") {
      if (req.method !== "POST") return sendError(res, { code: 405, status: "METHOD_NOT_ALLOWED", message: "Use POST." });
      const model = decodeURIComponent(/models\/([^/:]+):/.exec(p)?.[1] ?? "");
      const rules = MODELS[model];
      if (!rules) {
        return sendError(res, {
          code: 404,
          status: "NOT_FOUND",
          message: `models/${model} is not found for API version v1beta, or is not supported for predictLongRunning. Call ListModels to see the list of available models and their supported methods.`,
        });
      }
      if (!body) return sendError(res, invalid("Invalid JSON payload received."));
      const problem = requestProblem(rules, body);
      if (problem) return sendError(res, invalid(problem));
      return sendJson(res, 200, { name: createJob(model, body).name });
    }

    if (route === "download") {
      const fileId = /^\/v1beta\/files\/([^/]+):download$/.exec(p)?.[1];
      const job = [...fake.jobs.values()].find((j) => j.name.endsWith(`/${fileId?.replace(/-\d$/, "")}`));
      if (!job || job.behavior.outcome === "output_404") {
        return sendError(res, { code: 404, status: "NOT_FOUND", message: "File not found." });
      }
      res.writeHead(302, { location: `${origin}/blob/${fileId}.mp4` });
      return void res.end();
    }

    const name = decodeURIComponent(p.slice("/v1beta/".length)).replace(/:cancel$/, "");
    const job = fake.jobs.get(name);
    if (!job) return sendError(res, { code: 404, status: "NOT_FOUND", message: `Operation ${name} not found.` });
    if (route === "cancel") {
      if (req.method !== "POST") return sendError(res, { code: 405, status: "METHOD_NOT_ALLOWED", message: "Use POST." });
      job.canceled = true;
      return sendJson(res, 200, {});
    }
    job.polls++;
    return sendJson(res, 200, await operationJson(job, origin));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: VeoFake = {
    baseUrl: `http://127.0.0.1:${port}/v1beta`,
    apiKey,
    submits: [],
    received: { submit: 0, status: 0, cancel: 0, download: 0 },
    jobs: new Map(),
    defaults: { ...DEFAULT_JOB },
    nextJob(behavior) {
      queuedJobs.push(behavior);
    },
    fail(route, fault, times = 1) {
      faults[route].push({ fault, left: times });
    },
    reset() {
      fake.submits = [];
      fake.received = { submit: 0, status: 0, cancel: 0, download: 0 };
      fake.jobs.clear();
      fake.defaults = { ...DEFAULT_JOB };
      queuedJobs.length = 0;
      for (const route of Object.keys(faults) as VeoRoute[]) faults[route] = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

function parseBody(chunks: Buffer[]): VeoSubmitBody | undefined {
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as VeoSubmitBody) : undefined;
  } catch {
    return undefined;
  }
}
