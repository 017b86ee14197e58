// The cost the API holds when it accepts a request (quoteClip in packages/contracts/src/pricing.ts):
// billed seconds = max(duration, the model's minimum charge); cost = billed seconds × price per
// second. Computed from GET /api/v1/models in integer micro-dollars, never floats.
import { type Model, VgenError } from "@vgen/sdk";

export interface QuoteRequest {
  model: string;
  /** Seconds; the model's default when omitted, as on create. */
  duration?: number;
  /** Clips of the request (`n`, default 1): each is held and billed. */
  n?: number;
  size?: string;
}

export interface Quote {
  object: "quote";
  model: string;
  duration: number;
  size: string;
  billed_seconds: number;
  price: string;
  price_per_second: string;
  cost: string;
}

/** "$0.480" → 480000 micro-dollars. */
function parseDollars(text: string): bigint {
  const m = /^\$(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new VgenError(`unexpected price form from the API: ${text}`);
  return BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** The API's money form: dollars with 3 decimals, rounded half up ("$1.920"). */
function formatDollars(micros: bigint): string {
  const mills = (micros + 500n) / 1000n;
  return `$${mills / 1000n}.${(mills % 1000n).toString().padStart(3, "0")}`;
}

/** Refusals worded and coded as the create answers them (engine catalog/models.ts resolveAgainstModel). */
function refusal(code: string, message: string, param: string, baseUrl: string): VgenError {
  return new VgenError(message, { status: 400, code, param, doc_url: `${baseUrl.replace(/\/$/, "")}/errors#${code}` });
}

export function quote(models: readonly Model[], req: QuoteRequest, baseUrl: string): Quote {
  const model = models.find((m) => m.id === req.model);
  if (!model) {
    throw refusal("unknown_model", `Unknown model '${req.model}'. See GET /api/v1/models for the catalog.`, "model", baseUrl);
  }
  const duration = req.duration ?? model.duration.default;
  if (!Number.isInteger(duration) || duration < model.duration.min || duration > model.duration.max) {
    throw refusal(
      "invalid_parameter",
      `Invalid 'duration': ${model.id} makes clips of ${model.duration.min} to ${model.duration.max} seconds.`,
      "duration",
      baseUrl,
    );
  }
  const size = req.size ?? model.default_size;
  if (!(model.sizes as readonly string[]).includes(size)) {
    throw refusal(
      "unsupported_size",
      `${model.id} does not produce ${size}; it supports ${model.sizes.join(", ")}.`,
      "size",
      baseUrl,
    );
  }
  const n = req.n ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > model.max_outputs) {
    throw refusal(
      "too_many_outputs",
      `${model.id} makes 1 to ${model.max_outputs} clips per request; \`n\` was ${n}.`,
      "n",
      baseUrl,
    );
  }
  // n clips hold n times one clip.
  const billedSeconds = Math.max(duration, model.min_charge_seconds) * n;
  return {
    object: "quote",
    model: model.id,
    duration,
    size,
    billed_seconds: billedSeconds,
    price: model.price,
    price_per_second: model.price_per_second,
    cost: formatDollars(BigInt(billedSeconds) * parseDollars(model.price_per_second)),
  };
}
