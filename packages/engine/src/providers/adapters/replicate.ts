// Adapter for Replicate predictions, following https://replicate.com/docs/reference/http,
// https://replicate.com/docs/topics/predictions/create-a-prediction, https://replicate.com/docs/topics/webhooks
// and https://replicate.com/docs/topics/webhooks/verify-webhook:
//   submit  POST {base}/models/{owner}/{name}/predictions  {input, webhook, webhook_events_filter}
//           POST {base}/predictions  {version, input, ...}   for an `owner/name:version` model id
//   status  GET  {base}/predictions/{id}   → starting | processing | succeeded | failed | canceled | aborted
//   cancel  POST {base}/predictions/{id}/cancel
// {base} is https://api.replicate.com/v1. Submits are asynchronous (no `Prefer: wait`): the answer is
// the prediction, which is then polled. Auth: `Authorization: Bearer <token>`. Replicate documents no
// idempotency key (idempotentSubmit: false). Webhooks are signed per Standard Webhooks with the
// account's signing secret (target.webhookSecret, `whsec_...`).
import { Webhook } from "standardwebhooks";
import {
  type AdapterCapabilities,
  UpstreamCallError,
  type UpstreamStatus,
  type UpstreamTarget,
  type VideoAdapter,
} from "../adapter";
import { expectJson, isPolicyText, policyFailure, upstreamFailure, upstreamRequest } from "../http";
import { progressFromLogs } from "./log-progress";
import { replicateModel } from "./replicate-models";

const CANCEL_TIMEOUT_MS = 5_000;
const MODEL_NAME = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;
const VERSION_ID = /^[0-9a-f]{64}$/;
/** Replicate's error code for inputs or outputs its safety checks flagged. */
const SENSITIVE_CODE = /\(E005\)/;

interface Prediction {
  id?: unknown;
  status?: unknown;
  output?: unknown;
  error?: unknown;
  logs?: unknown;
}

function base(target: UpstreamTarget): string {
  return target.baseUrl.replace(/\/+$/, "");
}

function authHeaders(target: UpstreamTarget): Record<string, string> {
  return target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
}

function outputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === "string" && first ? first : undefined;
}

/** Our state for a prediction; null when its status is not one Replicate documents. */
function stateOf(target: UpstreamTarget, p: Prediction): UpstreamStatus | null {
  switch (p.status) {
    case "starting":
      return { state: "running" };
    case "processing": {
      const progress = typeof p.logs === "string" ? progressFromLogs(p.logs.split("\n")) : undefined;
      return progress === undefined ? { state: "running" } : { state: "running", progress };
    }
    case "succeeded": {
      const url = outputUrl(p.output);
      if (!url)
        return { state: "failed", failure: upstreamFailure(`${target.name}: prediction succeeded without an output URL`) };
      return { state: "succeeded", outputs: [{ url }] };
    }
    case "failed": {
      const said = (typeof p.error === "string" ? p.error : JSON.stringify(p.error ?? "")).slice(0, 500);
      const detail = `${target.name}: prediction failed: ${said}`;
      const policy = SENSITIVE_CODE.test(said) || isPolicyText(said);
      return { state: "failed", failure: policy ? policyFailure(detail, said) : upstreamFailure(detail) };
    }
    case "canceled":
      return { state: "canceled" };
    case "aborted":
      return { state: "failed", failure: upstreamFailure(`${target.name}: prediction was aborted before it started`) };
    default:
      return null;
  }
}

function predictionId(target: UpstreamTarget, p: Prediction | null, status: number): string {
  if (typeof p?.id !== "string" || !/^[A-Za-z0-9_-]{1,128}$/.test(p.id)) {
    throw new UpstreamCallError(`${target.name}: create answer has no prediction id`, {
      retryable: true,
      accepted: "unknown",
      status,
    });
  }
  return p.id;
}

function createReplicateAdapter(): VideoAdapter {
  return {
    kind: "replicate",

    capabilities(model: string): AdapterCapabilities | null {
      return replicateModel(model)?.capabilities ?? null;
    },

    async submit(target, request, _idempotencyKey, signal) {
      const [name = "", version] = target.model.split(":");
      if (!MODEL_NAME.test(name) || (version !== undefined && !VERSION_ID.test(version))) {
        throw upstreamFailure(`${target.name}: "${target.model}" is not a Replicate model id (owner/name or owner/name:version)`);
      }
      const model = replicateModel(target.model);
      if (!model)
        throw upstreamFailure(`${target.name}: Replicate model ${name} is not one providers/adapters/replicate-models.ts maps`);
      const body = {
        input: model.input(request),
        ...(request.callbackUrl && { webhook: request.callbackUrl, webhook_events_filter: ["completed"] }),
      };
      const res = await upstreamRequest(target, {
        method: "POST",
        url: version ? `${base(target)}/predictions` : `${base(target)}/models/${name}/predictions`,
        headers: authHeaders(target),
        json: version ? { version, ...body } : body,
        signal,
      });
      return predictionId(target, expectJson(target, res, "create prediction") as Prediction | null, res.status);
    },

    async status(target, upstreamId, signal) {
      const res = await upstreamRequest(target, {
        method: "GET",
        url: `${base(target)}/predictions/${encodeURIComponent(upstreamId)}`,
        headers: authHeaders(target),
        signal,
      });
      const state = stateOf(target, (expectJson(target, res, "get prediction") ?? {}) as Prediction);
      if (!state) {
        throw new UpstreamCallError(`${target.name}: prediction has no known status`, {
          retryable: true,
          accepted: "unknown",
          status: res.status,
        });
      }
      return state;
    },

    async cancel(target, upstreamId) {
      try {
        await upstreamRequest(target, {
          method: "POST",
          url: `${base(target)}/predictions/${encodeURIComponent(upstreamId)}/cancel`,
          headers: authHeaders(target),
          signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
          timeoutMs: CANCEL_TIMEOUT_MS,
        });
      } catch {
        /* best effort: the prediction may have finished, or Replicate may be unreachable */
      }
    },

    async parseCallback(target, headers, rawBody) {
      if (!target.webhookSecret) return null;
      let prediction: Prediction;
      try {
        // Checks the signature and that webhook-timestamp is within five minutes of now; parses the body.
        prediction = new Webhook(target.webhookSecret).verify(rawBody, headers) as Prediction;
      } catch {
        return null;
      }
      if (typeof prediction?.id !== "string" || !prediction.id) return null;
      return { upstreamId: prediction.id, status: stateOf(target, prediction) ?? { state: "running" } };
    },
  };
}

export const replicateAdapter: VideoAdapter = createReplicateAdapter();
