import { z } from "zod";

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx); the engine tells them apart. */
export const SecondFactorCode = z.string().trim().min(6, "Enter the 6-digit code or a recovery code.").max(20);

/** Turning two-factor off or replacing recovery codes: the password and a current code. */
export const OwnerConfirmationInput = z.object({
  password: z.string().min(1, "Enter your password.").max(200),
  code: SecondFactorCode,
});
