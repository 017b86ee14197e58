import { z } from "zod";

/** The cap in dollars as typed ("25", "25.50", "$25.5"), or null to clear it. Parsed without floats. */
export const SetCapInput = z.object({
  modelId: z.string().min(1).max(100),
  cap: z
    .string()
    .trim()
    .regex(/^\$?\d{1,7}(\.\d{1,6})?$/, "Enter a dollar amount such as 25 or 25.50.")
    .nullable(),
});
