import { z } from "zod";

export const RequestEmailChangeInput = z.object({
  newEmail: z.email("Enter a valid email address.").max(254),
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
});
