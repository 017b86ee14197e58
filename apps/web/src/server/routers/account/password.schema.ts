import { isBase58 } from "@vgen/contracts";
import { z } from "zod";

/** A new password's shape; its strength is judged by the engine, which knows the account's email and name. */
export const NewPassword = z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters.");

export const RequestResetInput = z.object({ email: z.email("Enter a valid email address.").max(254) });

const LinkToken = z.string().min(20).max(100).refine(isBase58, "This link is malformed.");

export const ResetPasswordInput = z.object({ token: LinkToken, password: NewPassword });

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: NewPassword,
});
