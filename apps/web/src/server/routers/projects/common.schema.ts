import { z } from "zod";

export const ProjectId = z.string().min(1).max(64);
export const ProjectName = z.string().trim().min(1, "Give the project a name.").max(80, "Use at most 80 characters.");

/** A project's limits as the form sends them: dollars as typed (null: no cap), a whole percent, catalog ids. */
export const ProjectLimitsInput = z.object({
  monthlySpendCap: z
    .string()
    .trim()
    .regex(/^\$?\d{1,7}(\.\d{1,6})?$/, "Enter a dollar amount such as 25 or 25.50.")
    .nullable(),
  rateLimitShare: z.number().int().min(1).max(100),
  allowedModels: z.array(z.string().trim().min(1).max(100)).max(50),
});

/** The dashboard's project form: the cap as typed (empty: none), the share as a number field gives it. */
export const ProjectFormInput = z.object({
  name: ProjectName,
  monthlySpendCap: z
    .string()
    .trim()
    .regex(/^(\$?\d{1,7}(\.\d{1,6})?)?$/, "Enter a dollar amount such as 25 or 25.50, or leave it empty."),
  rateLimitShare: z.number().int().min(1).max(100),
  allowedModels: z.array(z.string()),
});
