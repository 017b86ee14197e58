import { z } from "zod";

export const RequestTestBalanceInput = z.object({
  useCase: z
    .string()
    .trim()
    .min(20, "Describe your use case in at least 20 characters.")
    .max(2000, "Keep it under 2000 characters."),
});
