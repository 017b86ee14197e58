// Adapter for a Veo-style long-running-operation video API:
//   submit  POST {url}/{v}/models/{model}:predictLongRunning  → {"name": "operations/..."}
//   poll    GET  {url}/{v}/{name}                              → {"done", "error", "metadata", "response"}
//   cancel  POST {url}/{v}/{name}:cancel                       (best effort, on abort / timeout)
//   fetch   response.generatedVideos[0].video.uri (or the Gemini / Vertex shapes, or inline base64)
// Every request goes through safeFetch: a private or loopback upstream is refused unless
// ALLOW_PRIVATE_NETWORK_FETCH=1. The operation name is handed to `onUpstreamTask` right after the
// submit so a worker restarted after a crash polls the same operation instead of paying twice.
import { writeFile } from "node:fs/promises";
import type { Generation } from "@vgen/db";
import type { UpstreamConfig } from "../platform/config";
import { logger } from "../observability/logger";
import { FetchFailedError, FetchRefusedError, safeFetch, type SafeFetchResponse } from "../net/safe-fetch";
import { type FoundVideo, policyFiltered, progressFromMetadata, videoFromResponse } from "./adapters/veo";
import { GenerationFailure, ProviderAbortedError, type GenerateOptions, type Provider, type ProviderImages } from "./types";

const JSON_MAX_BYTES = 4 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const CANCEL_TIMEOUT_MS = 5_000;
/** Polls in a row that may fail (network, 429, 5xx) before the job is given up. */
const MAX_CONSECUTIVE_POLL_FAILURES = 10;
const SUBMIT_ATTEMPTS = 3;
/** Progress reported while waiting tops out here; the download and store take the rest. */
const WAIT_PROGRESS_CAP = 95;

const POLICY_PATTERN =
  /content[ _-]?polic|usage[ _-]?(polic|guideline)|safety|responsible ai|\brai\b|blocked|prohibited|harmful|violat/i;
const OPERATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._~\-/:]*$/;

const MSG_UPSTREAM = "The upstream model provider failed. Nothing was charged.";
const MSG_POLICY = "The prompt or an image was refused by the provider's content policy. Nothing was charged.";

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  metadata?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

interface UpstreamCall {
  method: "GET" | "POST";
  url: string;
  body?: unknown;
  timeoutMs: number;
  maxBytes?: number;
}

function upstreamFailure(detail: string, cause?: unknown): GenerationFailure {
  return new GenerationFailure("upstream_error", MSG_UPSTREAM, detail, cause === undefined ? undefined : { cause });
}

function policyFailure(detail: string, reasons: string[] = []): GenerationFailure {
  const said = reasons
    .map((r) => r.trim())
    .filter(Boolean)
    .join(" ")
    .slice(0, 300);
  return new GenerationFailure("content_policy_violation", said ? `${MSG_POLICY} ${said}` : MSG_POLICY, detail);
}

function errorText(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { error?: { message?: string; status?: string } | string };
    if (typeof parsed.error === "string") return parsed.error;
    if (parsed.error?.message) return [parsed.error.status, parsed.error.message].filter(Boolean).join(": ");
  } catch {
    /* not JSON */
  }
  return body.toString("utf8").slice(0, 500);
}

function parseJson<T>(res: SafeFetchResponse, what: string): T {
  try {
    return JSON.parse(res.body.toString("utf8")) as T;
  } catch {
    throw upstreamFailure(`${what}: response is not JSON (HTTP ${res.status})`);
  }
}

function sniffImageType(buf: Buffer): string {
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (buf.length >= 12 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (buf.length >= 4 && buf.toString("latin1", 0, 4) === "GIF8") return "image/gif";
  return "application/octet-stream";
}

function isMp4(buf: Buffer): boolean {
  return buf.length >= 12 && buf.toString("latin1", 4, 8) === "ftyp";
}

function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderAbortedError());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderAbortedError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Rejects as soon as the signal aborts; the underlying request is left to its own timeout. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(new ProviderAbortedError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ProviderAbortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

export function createUpstreamProvider(cfg: UpstreamConfig): Provider {
  const base = `${cfg.url}/${cfg.apiVersion}`;
  const baseOrigin = new URL(cfg.url).origin;

  const authHeaders = (): Record<string, string> => {
    if (!cfg.apiKey) return {};
    return cfg.authHeader === "x-goog-api-key" ? { "x-goog-api-key": cfg.apiKey } : { authorization: `Bearer ${cfg.apiKey}` };
  };

  async function call(req: UpstreamCall): Promise<SafeFetchResponse> {
    const sameOrigin = new URL(req.url).origin === baseOrigin;
    const headers: Record<string, string> = { accept: "application/json", ...(sameOrigin ? authHeaders() : {}) };
    if (req.body !== undefined) headers["content-type"] = "application/json";
    try {
      return await safeFetch(req.url, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        timeoutMs: req.timeoutMs,
        maxBytes: req.maxBytes ?? JSON_MAX_BYTES,
      });
    } catch (err) {
      if (err instanceof FetchRefusedError) {
        throw upstreamFailure(`upstream ${cfg.name} refused by network policy (set ALLOW_PRIVATE_NETWORK_FETCH=1 for a private upstream): ${err.message}`, err);
      }
      throw err;
    }
  }

  function image(buf: Buffer | undefined, url: string | null | undefined) {
    if (cfg.imageMode === "uri") return url ? { uri: url, mimeType: buf ? sniffImageType(buf) : undefined } : undefined;
    return buf ? { bytesBase64Encoded: buf.toString("base64"), mimeType: sniffImageType(buf) } : undefined;
  }

  function requestBody(gen: Generation, images: ProviderImages) {
    const instance: Record<string, unknown> = { prompt: gen.prompt };
    const first = image(images.firstFrame, gen.firstFrameUrl);
    const last = image(images.lastFrame, gen.lastFrameUrl);
    if (first) instance.image = first;
    if (last) instance.lastFrame = last;
    const refs = images.references.map((buf, i) => image(buf, gen.urls[i])).filter(Boolean);
    if (refs.length) instance.referenceImages = refs.map((img) => ({ image: img, referenceType: "asset" }));
    return {
      instances: [instance],
      parameters: {
        aspectRatio: gen.aspectRatio,
        durationSeconds: gen.duration,
        resolution: gen.size,
        sampleCount: 1,
        seed: gen.seed,
      },
    };
  }

  async function submit(gen: Generation, images: ProviderImages, signal: AbortSignal, deadline: number): Promise<string> {
    const url = `${base}/models/${encodeURIComponent(cfg.model)}:predictLongRunning`;
    const body = requestBody(gen, images);
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new GenerationFailure("timeout", timeoutMessage(), "deadline passed before submit");
      let res: SafeFetchResponse;
      try {
        res = await abortable(call({ method: "POST", url, body, timeoutMs: Math.min(REQUEST_TIMEOUT_MS * 2, remaining) }), signal);
      } catch (err) {
        if (err instanceof FetchFailedError) throw upstreamFailure(`submit to ${cfg.name} failed: ${err.message}`, err);
        throw err;
      }
      if (res.status >= 200 && res.status < 300) {
        const op = parseJson<Operation>(res, "submit");
        if (typeof op.name !== "string" || op.name.length > 512 || !OPERATION_NAME.test(op.name) || op.name.split("/").includes("..")) {
          throw upstreamFailure(`submit to ${cfg.name}: response has no usable operation name`);
        }
        return op.name;
      }
      const text = errorText(res.body);
      if ((res.status === 400 || res.status === 403) && POLICY_PATTERN.test(text)) {
        throw policyFailure(`submit refused by ${cfg.name}: HTTP ${res.status} ${text}`);
      }
      // 429 / 503: the request was turned away, so trying again cannot pay twice.
      if ((res.status === 429 || res.status === 503) && attempt < SUBMIT_ATTEMPTS) {
        const retryAfter = num(res.headers.get("retry-after"));
        await sleep(Math.min(retryAfter !== null ? retryAfter * 1000 : cfg.pollIntervalMs * attempt, 30_000), signal);
        continue;
      }
      throw upstreamFailure(`submit to ${cfg.name} failed: HTTP ${res.status} ${text}`);
    }
  }

  function timeoutMessage() {
    return `The upstream provider did not finish within ${cfg.timeoutSeconds} seconds. Nothing was charged.`;
  }

  async function cancel(name: string, log: typeof logger) {
    try {
      const res = await call({ method: "POST", url: `${base}/${name}:cancel`, body: {}, timeoutMs: CANCEL_TIMEOUT_MS });
      log.info({ status: res.status }, "upstream operation cancel requested");
    } catch (err) {
      log.warn({ err: (err as Error).message }, "upstream operation cancel failed");
    }
  }

  async function waitForOperation(
    name: string,
    opts: GenerateOptions,
    started: number,
    deadline: number,
    expectedSeconds: number,
    log: typeof logger,
  ): Promise<Operation> {
    let interval = cfg.pollIntervalMs;
    let failures = 0;
    let shown = 0;
    const show = (pct: number) => {
      shown = Math.max(shown, Math.min(WAIT_PROGRESS_CAP, Math.floor(pct)));
      opts.onProgress(shown);
    };
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new GenerationFailure("timeout", timeoutMessage(), `operation still running after ${cfg.timeoutSeconds}s`);
      let res: SafeFetchResponse | null = null;
      try {
        res = await abortable(call({ method: "GET", url: `${base}/${name}`, timeoutMs: Math.min(REQUEST_TIMEOUT_MS, remaining) }), opts.signal);
      } catch (err) {
        if (!(err instanceof FetchFailedError)) throw err;
        failures++;
        log.warn({ err: err.message, failures }, "upstream poll failed");
      }
      if (res) {
        if (res.status >= 200 && res.status < 300) {
          const op = parseJson<Operation>(res, "poll");
          failures = 0;
          if (op.done) return op;
          const reported = progressFromMetadata(op.metadata);
          // Without reported progress, an estimate that approaches the cap; either way the worker hears
          // from us on every poll, which is also how it notices a cancellation.
          const elapsed = (Date.now() - started) / 1000;
          const estimate = WAIT_PROGRESS_CAP * (1 - Math.exp(-elapsed / expectedSeconds));
          show(reported !== null ? (reported * WAIT_PROGRESS_CAP) / 100 : estimate);
        } else if (res.status === 429 || res.status >= 500) {
          failures++;
          log.warn({ status: res.status, failures }, "upstream poll answered with a retryable status");
        } else {
          throw upstreamFailure(`poll of ${cfg.name} operation failed: HTTP ${res.status} ${errorText(res.body)}`);
        }
      }
      if (failures >= MAX_CONSECUTIVE_POLL_FAILURES) {
        throw upstreamFailure(`poll of ${cfg.name} operation failed ${failures} times in a row`);
      }
      if (failures > 0) show(shown);
      await sleep(Math.max(0, Math.min(interval, deadline - Date.now())), opts.signal);
      interval = Math.min(Math.round(interval * 1.5), cfg.maxPollIntervalMs);
    }
  }

  async function download(video: FoundVideo, outPath: string, signal: AbortSignal, deadline: number): Promise<void> {
    let bytes: Buffer;
    if (video.uri) {
      let url: URL;
      try {
        url = new URL(video.uri, `${cfg.url}/`);
      } catch {
        throw upstreamFailure(`${cfg.name} returned an invalid video URI`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw upstreamFailure(`${cfg.name} returned a ${url.protocol} video URI; configure it to return http(s) URIs`);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new GenerationFailure("timeout", timeoutMessage(), "deadline passed before download");
      let res: SafeFetchResponse;
      try {
        res = await abortable(
          call({ method: "GET", url: url.toString(), timeoutMs: Math.min(DOWNLOAD_TIMEOUT_MS, remaining), maxBytes: cfg.maxVideoBytes }),
          signal,
        );
      } catch (err) {
        if (err instanceof FetchFailedError) throw upstreamFailure(`video download from ${cfg.name} failed: ${err.message}`, err);
        throw err;
      }
      if (res.status < 200 || res.status >= 300) throw upstreamFailure(`video download from ${cfg.name} answered HTTP ${res.status}`);
      bytes = res.body;
    } else {
      bytes = Buffer.from(video.base64 ?? "", "base64");
    }
    if (!isMp4(bytes)) throw upstreamFailure(`${cfg.name} returned ${bytes.length} bytes that are not an MP4`);
    await writeFile(outPath, bytes);
  }

  return {
    name: cfg.name,
    async generate(gen, images, opts) {
      const log = logger.child({ generationId: gen.id, provider: cfg.name });
      const started = gen.startedAt?.getTime() ?? Date.now();
      const deadline = started + cfg.timeoutSeconds * 1000;
      const expectedSeconds = Math.max(30, gen.duration * 10);
      let name: string | null = gen.upstreamTaskId ?? null;
      let done = false;
      try {
        if (opts.signal.aborted) throw new ProviderAbortedError();
        if (name) {
          log.info({ operation: name }, "resuming upstream operation");
        } else {
          name = await submit(gen, images, opts.signal, deadline);
          log.info({ operation: name }, "upstream operation submitted");
          await opts.onUpstreamTask?.(name);
        }
        const op = await waitForOperation(name, opts, started, deadline, expectedSeconds, log);
        done = true;
        if (op.error) {
          const text = [op.error.status, op.error.message].filter(Boolean).join(": ") || `code ${op.error.code ?? "?"}`;
          if (POLICY_PATTERN.test(text)) throw policyFailure(`operation failed: ${text}`);
          if (op.error.code === 4 || op.error.status === "DEADLINE_EXCEEDED") {
            throw new GenerationFailure("timeout", timeoutMessage(), `operation failed: ${text}`);
          }
          throw upstreamFailure(`operation failed: ${text}`);
        }
        const video = videoFromResponse(op.response);
        if (!video) {
          const filtered = policyFiltered(op.response);
          if (filtered) throw policyFailure(`video filtered by ${cfg.name}: ${filtered.join("; ")}`, filtered);
          throw upstreamFailure(`operation finished without a video`);
        }
        await download(video, opts.outPath, opts.signal, deadline);
        opts.onProgress(100);
      } catch (err) {
        const aborted = opts.signal.aborted || err instanceof ProviderAbortedError;
        const timedOut = err instanceof GenerationFailure && err.code === "timeout";
        const lost = !(err instanceof GenerationFailure); // e.g. persisting the operation name failed
        if (name && !done && (aborted || timedOut || lost)) await cancel(name, log);
        if (aborted) throw new ProviderAbortedError();
        if (err instanceof GenerationFailure) throw err;
        throw upstreamFailure(`upstream ${cfg.name}: ${(err as Error)?.message ?? String(err)}`, err);
      }
    },
  };
}
