import { parseUsd } from "@vgen/contracts";
import type { z } from "zod";
import type { ProjectLimitsInput } from "./common.schema";

/** The form's limits as the engine takes them (micro-dollars). */
export function toProjectLimits(input: z.infer<typeof ProjectLimitsInput>) {
  return {
    monthlySpendCapMicros: input.monthlySpendCap === null ? null : parseUsd(input.monthlySpendCap),
    rateLimitShare: input.rateLimitShare,
    allowedModels: input.allowedModels,
  };
}
