// What a key's project allows (docs/api.md#projects), judged on every request from the project as
// the key cache holds it: pure, no database. The project's spend cap is judged in the create's
// transaction (project-spend-cap.ts).
import { ApiError } from "@vgen/contracts";

/** The limit columns of a projects row. */
export interface ProjectRestrictionColumns {
  allowedModels: string[];
  rateLimitShare: number;
  monthlySpendCapMicros: bigint | null;
}

/** A project's limits, prepared once when its key is loaded into the cache; null: none set. */
export interface ProjectRestrictions {
  /** Models its keys may create with; null: every model. */
  models: readonly string[] | null;
  /** Percent of the organization's request rate; 100: the organization's limit alone applies. */
  rateLimitShare: number;
  /** Whether creates are checked against a monthly cap (read under the project's row lock). */
  spendCapped: boolean;
}

export function compileProjectRestrictions(row: ProjectRestrictionColumns): ProjectRestrictions | null {
  const models = row.allowedModels ?? [];
  if (models.length === 0 && row.rateLimitShare >= 100 && row.monthlySpendCapMicros === null) return null;
  return {
    models: models.length > 0 ? models : null,
    rateLimitShare: row.rateLimitShare,
    spendCapped: row.monthlySpendCapMicros !== null,
  };
}

/** Whether the project lets its keys use the model; a project without a list allows every one. */
export function projectAllowsModel(r: ProjectRestrictions | null, modelId: string): boolean {
  return !r?.models || r.models.includes(modelId);
}

/**
 * Refuses a create with a model outside the project's list: the key restriction's error, since to
 * the caller it is a limit of the key it holds (the message names the project's list).
 */
export function assertProjectAllowsModel(r: ProjectRestrictions | null, modelId: string): void {
  if (r?.models && !projectAllowsModel(r, modelId)) {
    throw new ApiError(
      "key_model_not_allowed",
      `This API key's project may only create with ${r.models.join(", ")}; it may not use ${modelId}.`,
      "model",
    );
  }
}

/**
 * The project's requests per second out of the organization's `accountQps`, or null when its share
 * is the whole limit (the organization's own check is enough). At least 1, so a small share never
 * locks a project out entirely.
 */
export function projectRateLimit(r: ProjectRestrictions | null, accountQps: number): number | null {
  if (!r || r.rateLimitShare >= 100) return null;
  return Math.max(1, Math.floor((accountQps * r.rateLimitShare) / 100));
}
