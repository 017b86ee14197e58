import { z } from "zod";
import { ROUTE_TEMPLATES, STATUS_CLASSES } from "@vgen/engine/observability";

export const RequestListInput = z.object({
  statusClass: z.enum(STATUS_CLASSES).nullish(),
  apiKeyId: z.string().max(100).nullish(),
  operation: z.enum(ROUTE_TEMPLATES).nullish(),
  /** First day included (UTC). */
  from: z.iso.date().nullish(),
  /** Last day included (UTC). */
  to: z.iso.date().nullish(),
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).nullish(),
});
