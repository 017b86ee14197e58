/**
 * HTTP for adapters: every call goes through the SSRF-guarded fetch, and every answer that is not
 * a success becomes the same two kinds of error, so the route runner decides retries and failover
 * the same way for every provider (docs/providers.md#errors).
 */
import { FetchFailedError, FetchRefusedError, safeFetch, type SafeFetchResponse } from "../net";
import { UpstreamCallError, type UpstreamOutput, type UpstreamTarget } from "./adapter";
import { GenerationFailure, ProviderAbortedError } from "./types";
import { httpClientAttributes, inSpan, recordHttpStatus, SpanKind } from "../platform";

const JSON_MAX_BYTES = 4 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

const MSG_UPSTREAM = "The upstream model provider failed. Nothing was charged.";
const MSG_POLICY = "The prompt or an image was refused by the provider's content policy. Nothing was charged.";
const POLICY_PATTERN =
  /content[ _-]?(polic|moderation|filter)|usage[ _-]?(polic|guideline)|safety|responsible ai|\brai\b|nsfw|prohibited|harmful|violat|flagged|moderation/i;

export function upstreamFailure(detail: string, cause?: unknown): GenerationFailure {
  return new GenerationFailure("upstream_error", MSG_UPSTREAM, detail, cause === undefined ? undefined : { cause });
}

/** A content-policy refusal; the provider's own words (trimmed) are shown to the caller. */
export function policyFailure(detail: string, said = ""): GenerationFailure {
  const text = said.trim().slice(0, 300);
  return new GenerationFailure("content_policy_violation", text ? `${MSG_POLICY} ${text}` : MSG_POLICY, detail);
}

/** Whether an upstream's error text is a content-policy refusal. */
export function isPolicyText(text: string): boolean {
  return POLICY_PATTERN.test(text);
}

export interface UpstreamHttpRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  signal: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Rejects as soon as the signal aborts; the request itself ends at its own timeout. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(new ProviderAbortedError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ProviderAbortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/**
 * Sends one request. Network failures become UpstreamCallError: a refused connection or an
 * unresolvable host never reached the upstream ("no"); anything after sending may have ("unknown").
 */
export function upstreamRequest(target: UpstreamTarget, req: UpstreamHttpRequest): Promise<SafeFetchResponse> {
  // An HTTP client span per call, with the provider's status (docs/operations.md#tracing). Only the
  // host is recorded: some providers take credentials or signed tokens in the URL.
  const attributes = { ...httpClientAttributes(req.method, req.url), "vgen.provider": target.name };
  return inSpan(`provider ${req.method}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const res = await send(target, req);
    recordHttpStatus(span, res.status, "client");
    return res;
  });
}

async function send(target: UpstreamTarget, req: UpstreamHttpRequest): Promise<SafeFetchResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  if (req.json !== undefined) headers["content-type"] = "application/json";
  try {
    return await abortable(
      safeFetch(req.url, {
        method: req.method,
        headers,
        body: req.json === undefined ? undefined : JSON.stringify(req.json),
        timeoutMs: req.timeoutMs ?? target.requestTimeoutMs,
        maxBytes: req.maxBytes ?? JSON_MAX_BYTES,
      }),
      req.signal,
    );
  } catch (err) {
    if (err instanceof FetchRefusedError) {
      throw new UpstreamCallError(
        `${target.name}: refused by network policy (set ALLOW_PRIVATE_NETWORK_FETCH=1 for a private upstream): ${err.message}`,
        { retryable: true, accepted: "no", cause: err },
      );
    }
    if (err instanceof FetchFailedError) {
      const neverSent = /cannot resolve host|ECONNREFUSED|resolving .* timed out/.test(
        `${err.message} ${String((err.cause as Error)?.message ?? "")}`,
      );
      throw new UpstreamCallError(`${target.name}: ${err.message}`, {
        retryable: true,
        accepted: neverSent ? "no" : "unknown",
        cause: err,
      });
    }
    throw err;
  }
}

function retryAfterMs(res: SafeFetchResponse): number | undefined {
  const raw = res.headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The upstream's error text from a JSON or plain body, for logs and policy matching. */
function errorText(body: Buffer): string {
  const raw = body.toString("utf8");
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const e = parsed.error ?? parsed.detail ?? parsed.message;
    if (typeof e === "string") return e.slice(0, 500);
    if (e && typeof e === "object") {
      const o = e as Record<string, unknown>;
      const parts = [o.status, o.code, o.message ?? o.msg].filter((x) => typeof x === "string" || typeof x === "number");
      if (parts.length) return parts.join(": ").slice(0, 500);
    }
    return JSON.stringify(parsed).slice(0, 500);
  } catch {
    return raw.slice(0, 500);
  }
}

/**
 * The parsed JSON of a successful answer; any other answer throws:
 * 429, 408, 5xx and 401/403 (a route misconfigured or out of quota) → UpstreamCallError, retryable
 * (502/504 may have been accepted behind a gateway: "unknown"); a content-policy refusal →
 * GenerationFailure content_policy_violation; other 4xx → GenerationFailure upstream_error.
 */
export function expectJson(target: UpstreamTarget, res: SafeFetchResponse, what: string): unknown {
  if (res.status >= 200 && res.status < 300) {
    try {
      return JSON.parse(res.body.toString("utf8"));
    } catch {
      throw new UpstreamCallError(`${target.name}: ${what}: answer is not JSON (HTTP ${res.status})`, {
        retryable: true,
        accepted: "unknown",
        status: res.status,
      });
    }
  }
  const text = errorText(res.body);
  const detail = `${target.name}: ${what}: HTTP ${res.status} ${text}`;
  if (res.status === 429 || res.status === 408 || res.status >= 500 || res.status === 401 || res.status === 403) {
    if (res.status === 403 && isPolicyText(text)) throw policyFailure(detail, text);
    const accepted: UpstreamCallError["options"]["accepted"] = res.status === 502 || res.status === 504 ? "unknown" : "no";
    throw new UpstreamCallError(detail, { retryable: true, accepted, retryAfterMs: retryAfterMs(res), status: res.status });
  }
  if (isPolicyText(text)) throw policyFailure(detail, text);
  throw upstreamFailure(detail);
}

function isMp4(buf: Buffer): boolean {
  return buf.length >= 12 && buf.toString("latin1", 4, 8) === "ftyp";
}

/** The finished video's bytes, downloaded (within the size cap) or decoded; refuses what is not an MP4. */
export async function fetchOutput(target: UpstreamTarget, output: UpstreamOutput, signal: AbortSignal): Promise<Buffer> {
  let bytes: Buffer;
  if ("bytes" in output) {
    bytes = output.bytes;
  } else {
    let url: URL;
    try {
      url = new URL(output.url);
    } catch {
      throw upstreamFailure(`${target.name}: invalid output URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw upstreamFailure(`${target.name}: output URL is ${url.protocol}`);
    const res = await upstreamRequest(target, {
      method: "GET",
      url: url.toString(),
      headers: { accept: "*/*", ...output.headers },
      signal,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxBytes: target.maxVideoBytes,
    });
    if (res.status < 200 || res.status >= 300) {
      throw new UpstreamCallError(`${target.name}: output download answered HTTP ${res.status}`, {
        retryable: res.status === 429 || res.status >= 500,
        accepted: "unknown",
        status: res.status,
      });
    }
    bytes = res.body;
  }
  if (!isMp4(bytes)) throw upstreamFailure(`${target.name}: output is ${bytes.length} bytes that are not an MP4`);
  return bytes;
}
