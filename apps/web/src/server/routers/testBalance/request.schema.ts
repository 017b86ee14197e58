import { z } from "zod";
import { rule } from "../../../i18n/validation";

/** The shortest use case support reads (the form's counter shows it too). */
export const USE_CASE_MIN_LENGTH = 20;

export const RequestTestBalanceInput = z.object({
  useCase: z
    .string()
    .trim()
    .refine((value) => value.length >= USE_CASE_MIN_LENGTH, rule("useCaseTooShort", { minimum: USE_CASE_MIN_LENGTH }))
    .max(2000, "Keep it under 2000 characters."),
});
