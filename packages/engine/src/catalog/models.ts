import {
  ApiError,
  dimensionsFor,
  formatPricePerSecond,
  formatUsd,
  pricePerSecondFor,
  type AspectRatio,
  type CreateGenerationInput,
  type Size,
} from "@vgen/contracts";
import type { CatalogModel, Db } from "@vgen/db";
import { enabledModels } from "../platform";

export interface ResolvedRequest {
  model: CatalogModel;
  duration: number;
  size: Size;
  aspectRatio: AspectRatio;
  width: number;
  height: number;
  generateAudio: boolean;
  /** Clips asked for (`n`), within the model's `maxOutputs`. */
  n: number;
  /** Per second: the model's price, or its audio price for a clip with sound. */
  priceMicrosPerSecond: bigint;
}

/** Applies the model's defaults and limits to a validated body (pure). */
export function resolveAgainstModel(model: CatalogModel, input: CreateGenerationInput): ResolvedRequest {
  const duration = input.duration ?? model.defaultDuration;
  if (duration < model.minDuration || duration > model.maxDuration) {
    throw new ApiError(
      "invalid_parameter",
      `Invalid 'duration': ${model.id} makes clips of ${model.minDuration} to ${model.maxDuration} seconds.`,
      "duration",
    );
  }
  const size = (input.size ?? defaultSize(model)) as Size;
  if (!model.sizes.includes(size)) {
    throw new ApiError(
      "unsupported_size",
      `${model.id} does not produce ${size}; it supports ${model.sizes.join(", ")}.`,
      "size",
    );
  }
  const aspectRatio = input.aspectRatio ?? "16:9";
  const generateAudio = input.generateAudio ?? (model.supportsAudio && model.audioDefault);
  if (generateAudio && !model.supportsAudio) {
    throw new ApiError("audio_not_supported", `${model.id} makes silent clips only; omit \`generateAudio\`.`, "generateAudio");
  }
  const n = input.n ?? 1;
  if (n > model.maxOutputs) {
    throw new ApiError(
      "too_many_outputs",
      `${model.id} makes at most ${model.maxOutputs} clip${model.maxOutputs === 1 ? "" : "s"} per request; \`n\` was ${n}.`,
      "n",
    );
  }
  const priceMicrosPerSecond = pricePerSecondFor(model, generateAudio);
  return { model, duration, size, aspectRatio, ...dimensionsFor(size, aspectRatio), generateAudio, n, priceMicrosPerSecond };
}

/** The size a request without `size` gets: the first of the model's sizes (the catalog edit refuses an empty list). */
export function defaultSize(model: Pick<CatalogModel, "id" | "sizes">): string {
  const [size] = model.sizes;
  if (size === undefined) throw new Error(`Catalog model ${model.id} lists no sizes`);
  return size;
}

export async function findEnabledModel(db: Db, id: string): Promise<CatalogModel> {
  const model = (await enabledModels(db)).get(id);
  if (!model) {
    throw new ApiError("unknown_model", `Unknown model '${id}'. See GET /api/v1/models for the catalog.`, "model");
  }
  return model;
}

export async function listCatalog(db: Db): Promise<CatalogModel[]> {
  return [...(await enabledModels(db)).values()];
}

export const QUEUE_LABELS = { pro_priority: "Pro Priority", standard: "Fast/Standard" } as const;

/** The public view of a catalog model (GET /api/v1/models, dashboard catalog). */
export function modelView(m: CatalogModel) {
  return {
    id: m.id,
    object: "model",
    purpose: m.purpose,
    price: formatPricePerSecond(m.priceMicrosPerSecond),
    price_per_second: formatUsd(m.priceMicrosPerSecond),
    rate_limit_qps: m.rateLimitQps,
    min_charge_seconds: m.minChargeSeconds,
    queue: QUEUE_LABELS[m.queue],
    sizes: m.sizes,
    default_size: defaultSize(m),
    aspect_ratios: ["16:9", "9:16"],
    duration: { min: m.minDuration, max: m.maxDuration, default: m.defaultDuration },
    max_outputs: m.maxOutputs,
    audio: {
      supported: m.supportsAudio,
      default: m.supportsAudio && m.audioDefault,
      price: m.supportsAudio ? formatPricePerSecond(pricePerSecondFor(m, true)) : null,
    },
  };
}
