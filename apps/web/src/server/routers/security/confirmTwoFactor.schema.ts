import { z } from "zod";

export const ConfirmTwoFactorInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code your authenticator app shows."),
});
