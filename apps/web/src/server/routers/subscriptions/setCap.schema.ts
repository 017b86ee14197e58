import { z } from "zod";
import { rule } from "../../../i18n/validation";

/** The cap in dollars as typed ("25", "25.50", "$25.5"), more than zero, or null to clear it. Parsed without floats. */
export const SetCapInput = z.object({
  modelId: z.string().min(1).max(100),
  cap: z
    .string()
    .trim()
    .refine((value) => /^\$?\d{1,7}(\.\d{1,6})?$/.test(value), { ...rule("capAmount"), abort: true })
    .refine((value) => !/^\$?0*(\.0*)?$/.test(value), rule("capPositive"))
    .nullable(),
});
