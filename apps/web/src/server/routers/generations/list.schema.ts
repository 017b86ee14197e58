import { z } from "zod";
import { GENERATION_STATUSES } from "@vgen/contracts";
import { rule } from "../../../i18n/validation";

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");

/** The generation list's filters and search, as the dashboard's filter form checks them too. */
export const GenerationFilters = z
  .object({
    status: z.enum(GENERATION_STATUSES).nullish(),
    modelId: z.string().max(100).nullish(),
    /** One project's generations. */
    projectId: z.string().max(64).nullish(),
    /** An API key id, or "playground" for the generations made in the dashboard. */
    source: z.string().max(100).nullish(),
    /** First day included (UTC). */
    from: Day.nullish(),
    /** Last day included (UTC). */
    to: Day.nullish(),
    /** Prompt text, or a generation id (vid_…). */
    search: z.string().trim().max(200).nullish(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { ...rule("dateRange"), path: ["to"] });

/** A page of the generation list; the account comes from the session, never from here. */
export const GenerationListInput = GenerationFilters.safeExtend({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).nullish(),
});
