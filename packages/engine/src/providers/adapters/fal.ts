// Adapter for fal.ai's queue API, following https://docs.fal.ai/model-endpoints/queue,
// https://docs.fal.ai/model-endpoints/webhooks, https://fal.ai/docs/documentation/model-apis/errors and
// https://fal.ai/docs/documentation/model-apis/request-errors:
//   submit  POST {base}/{endpoint id}[?fal_webhook={callback}]        → {request_id, status_url, ...}
//   status  GET  {base}/{owner}/{alias}/requests/{id}/status?logs=1   → IN_QUEUE | IN_PROGRESS | COMPLETED
//   result  GET  {base}/{owner}/{alias}/requests/{id}                 → the endpoint's output, or its error
//   cancel  PUT  {base}/{owner}/{alias}/requests/{id}/cancel
// {base} is https://queue.fal.run; status, result and cancel name only the app (the first two
// segments of the endpoint id, e.g. fal-ai/veo3.1 for fal-ai/veo3.1/image-to-video), as fal documents.
// Auth: `Authorization: Key <key>`. fal documents no idempotency key (idempotentSubmit: false).
import {
  type AdapterCapabilities,
  UpstreamCallError,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
  type VideoAdapter,
} from "../adapter";
import { expectJson, isPolicyText, policyFailure, upstreamFailure, upstreamRequest } from "../http";
import type { SafeFetchResponse } from "../../net";
import { falEndpoint } from "./fal-models";
import { createFalWebhookVerifier, FAL_JWKS_URL } from "./fal-webhook";
import { progressFromLogs } from "./log-progress";

const CANCEL_TIMEOUT_MS = 5_000;
const ENDPOINT_ID = /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)+$/;

export interface FalAdapterOptions {
  /** Where fal publishes its webhook signing keys. */
  jwksUrl?: string;
}

/** What a failed fal request said: validation errors carry a `detail` array, request errors an `error_type`. */
interface FalError {
  text: string;
  policy: boolean;
  errorType?: string;
}

function readFalError(body: unknown, fallback = ""): FalError {
  const o = (body && typeof body === "object" ? body : {}) as { detail?: unknown; error_type?: unknown };
  const items = Array.isArray(o.detail) ? (o.detail as { msg?: unknown; type?: unknown }[]) : [];
  const text =
    typeof o.detail === "string"
      ? o.detail
      : items
          .map((d) => d?.msg)
          .filter((m): m is string => typeof m === "string")
          .join(" ") || fallback;
  const policy = items.some((d) => d?.type === "content_policy_violation") || isPolicyText(text);
  return { text: text.slice(0, 500), policy, errorType: typeof o.error_type === "string" ? o.error_type : undefined };
}

function errorOfAnswer(res: SafeFetchResponse): FalError {
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString("utf8"));
  } catch {
    body = undefined;
  }
  const error = readFalError(body, res.body.toString("utf8").slice(0, 200));
  return { ...error, errorType: error.errorType ?? res.headers.get("x-fal-error-type") ?? undefined };
}

/** The final state of a request fal reports as failed (webhook payload or result answer). */
function failedState(target: UpstreamTarget, error: FalError, what: string): UpstreamStatus {
  if (error.errorType === "client_cancelled") return { state: "canceled" };
  const detail = `${target.name}: ${what}: ${error.errorType ?? "error"}: ${error.text}`;
  return { state: "failed", failure: error.policy ? policyFailure(detail, error.text) : upstreamFailure(detail) };
}

function videoOutput(target: UpstreamTarget, output: unknown): UpstreamStatus {
  const url = (output as { video?: { url?: unknown } } | null)?.video?.url;
  if (typeof url !== "string" || !url)
    return { state: "failed", failure: upstreamFailure(`${target.name}: result has no video URL`) };
  return { state: "succeeded", outputs: [{ url }] };
}

function endpointId(target: UpstreamTarget): string {
  if (!ENDPOINT_ID.test(target.model) || target.model.split("/").includes("..")) {
    throw upstreamFailure(`${target.name}: "${target.model}" is not a fal endpoint id`);
  }
  return target.model;
}

function requestUrl(target: UpstreamTarget, upstreamId: string, suffix = ""): string {
  const app = endpointId(target).split("/").slice(0, 2).join("/");
  return `${target.baseUrl.replace(/\/+$/, "")}/${app}/requests/${encodeURIComponent(upstreamId)}${suffix}`;
}

function authHeaders(target: UpstreamTarget): Record<string, string> {
  return target.apiKey ? { authorization: `Key ${target.apiKey}` } : {};
}

function falInput(target: UpstreamTarget, request: UpstreamRequest): Record<string, unknown> {
  const endpoint = falEndpoint(target.model);
  if (!endpoint)
    throw upstreamFailure(`${target.name}: fal endpoint ${target.model} is not one providers/adapters/fal-models.ts maps`);
  return endpoint.input(request);
}

/** A non-2xx answer that is the request's own outcome rather than a passing failure of the queue API. */
function isFinalAnswer(res: SafeFetchResponse, error: FalError): boolean {
  if (res.status < 400 || [401, 403, 408, 429].includes(res.status)) return false;
  return res.status < 500 || error.policy || error.errorType !== undefined;
}

export function createFalAdapter(options: FalAdapterOptions = {}): VideoAdapter {
  const webhooks = createFalWebhookVerifier(options.jwksUrl ?? FAL_JWKS_URL);

  async function result(target: UpstreamTarget, upstreamId: string, signal: AbortSignal): Promise<UpstreamStatus> {
    const res = await upstreamRequest(target, {
      method: "GET",
      url: requestUrl(target, upstreamId),
      headers: authHeaders(target),
      signal,
    });
    const error = res.status >= 400 ? errorOfAnswer(res) : undefined;
    if (error && isFinalAnswer(res, error)) return failedState(target, error, `result HTTP ${res.status}`);
    return videoOutput(target, expectJson(target, res, "result"));
  }

  return {
    kind: "fal",

    capabilities(model: string): AdapterCapabilities | null {
      return falEndpoint(model)?.capabilities ?? null;
    },

    async submit(target, request, _idempotencyKey, signal) {
      const url = new URL(`${target.baseUrl.replace(/\/+$/, "")}/${endpointId(target)}`);
      if (request.callbackUrl) url.searchParams.set("fal_webhook", request.callbackUrl);
      const input = falInput(target, request);
      const res = await upstreamRequest(target, {
        method: "POST",
        url: url.toString(),
        headers: authHeaders(target),
        json: input,
        signal,
      });
      if (res.status >= 400 && res.status < 500) {
        const error = errorOfAnswer(res);
        if (error.policy) throw policyFailure(`${target.name}: submit: HTTP ${res.status} ${error.text}`, error.text);
      }
      const body = expectJson(target, res, "submit") as { request_id?: unknown } | null;
      if (typeof body?.request_id !== "string" || !body.request_id) {
        throw new UpstreamCallError(`${target.name}: submit answer has no request_id`, {
          retryable: true,
          accepted: "unknown",
          status: res.status,
        });
      }
      return body.request_id;
    },

    async status(target, upstreamId, signal) {
      const res = await upstreamRequest(target, {
        method: "GET",
        url: requestUrl(target, upstreamId, "/status?logs=1"),
        headers: authHeaders(target),
        signal,
      });
      const body = expectJson(target, res, "status") as { status?: unknown; logs?: unknown } | null;
      switch (body?.status) {
        case "IN_QUEUE":
          return { state: "running" };
        case "IN_PROGRESS": {
          const logs = Array.isArray(body.logs) ? (body.logs as { message?: unknown }[]) : [];
          const progress = progressFromLogs(logs.map((l) => (typeof l?.message === "string" ? l.message : "")));
          return progress === undefined ? { state: "running" } : { state: "running", progress };
        }
        case "COMPLETED":
          return result(target, upstreamId, signal);
        default:
          throw new UpstreamCallError(`${target.name}: status answer has no known status`, {
            retryable: true,
            accepted: "unknown",
            status: res.status,
          });
      }
    },

    async cancel(target, upstreamId) {
      try {
        await upstreamRequest(target, {
          method: "PUT",
          url: requestUrl(target, upstreamId, "/cancel"),
          headers: authHeaders(target),
          signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
          timeoutMs: CANCEL_TIMEOUT_MS,
        });
      } catch {
        /* best effort: the request may have finished, or fal may be unreachable */
      }
    },

    async parseCallback(target, headers, rawBody) {
      if (!(await webhooks.verify(headers, rawBody))) return null;
      let body: { request_id?: unknown; status?: unknown; payload?: unknown; error?: unknown };
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return null;
      }
      if (typeof body?.request_id !== "string" || !body.request_id) return null;
      const upstreamId = body.request_id;
      if (body.status === "ERROR") {
        const error = readFalError(body.payload, typeof body.error === "string" ? body.error : "");
        return { upstreamId, status: failedState(target, error, "webhook") };
      }
      // Without a payload (fal could not serialise it) the result is still there to poll.
      if (body.status === "OK" && body.payload) return { upstreamId, status: videoOutput(target, body.payload) };
      return { upstreamId, status: { state: "running" } };
    },
  };
}

export const falAdapter: VideoAdapter = createFalAdapter();
