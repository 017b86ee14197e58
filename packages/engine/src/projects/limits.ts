import { ApiError } from "@vgen/contracts";
import type { DbOrTx } from "@vgen/db";

/** What an owner or admin sets on a project (docs/api.md#projects); null and an empty list lift each limit. */
export interface ProjectLimits {
  monthlySpendCapMicros: bigint | null;
  /** Percent (1..100) of the organization's request rate its keys may use together. */
  rateLimitShare: number;
  allowedModels: string[];
}

const MAX_MODELS = 50;
const MAX_CAP_MICROS = 1_000_000n * 1_000_000n;
const MAX_NAME_LENGTH = 80;

const invalid = (param: string, message: string) => new ApiError("invalid_parameter", message, param);

/** A trimmed name of 1..80 characters. */
export function checkedProjectName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH)
    throw invalid("name", `A project name has 1 to ${MAX_NAME_LENGTH} characters.`);
  return trimmed;
}

/** Models from the catalog, a cap in range, a share of 1..100 percent (never more than the organization's rate). */
export async function checkedProjectLimits(db: DbOrTx, input: ProjectLimits): Promise<ProjectLimits> {
  const allowedModels = [...new Set(input.allowedModels.map((m) => m.trim()).filter(Boolean))];
  if (allowedModels.length > MAX_MODELS) throw invalid("allowedModels", `List at most ${MAX_MODELS} models.`);
  if (allowedModels.length > 0) {
    const known = await db.catalogModel.findMany({ where: { id: { in: allowedModels } }, select: { id: true } });
    const unknown = allowedModels.filter((m) => !known.some((k) => k.id === m));
    if (unknown.length > 0) throw invalid("allowedModels", `Not in the catalog: ${unknown.join(", ")}.`);
  }
  const cap = input.monthlySpendCapMicros;
  if (cap !== null && (cap <= 0n || cap > MAX_CAP_MICROS))
    throw invalid("monthlySpendCap", "The monthly cap must be more than $0 and at most $1,000,000.");
  const share = input.rateLimitShare;
  if (!Number.isInteger(share) || share < 1 || share > 100)
    throw invalid("rateLimitShare", "The rate-limit share is a whole percent of the organization's limit, 1 to 100.");
  return { monthlySpendCapMicros: cap, rateLimitShare: share, allowedModels };
}
