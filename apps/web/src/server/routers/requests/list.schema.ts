import { z } from "zod";
import { API_ROUTE_TEMPLATES } from "@vgen/contracts";
import { STATUS_CLASSES } from "@vgen/engine/observability";

/** A UTC day PostgreSQL can store (it has no year 0000, which ISO dates allow). */
const day = z.iso.date().refine((d) => !d.startsWith("0000"), "there is no year 0000");

export const RequestListInput = z.object({
  statusClass: z.enum(STATUS_CLASSES).nullish(),
  apiKeyId: z.string().max(100).nullish(),
  projectId: z.string().max(64).nullish(),
  operation: z.enum(API_ROUTE_TEMPLATES).nullish(),
  /** First day included (UTC). */
  from: day.nullish(),
  /** Last day included (UTC). */
  to: day.nullish(),
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).nullish(),
});
