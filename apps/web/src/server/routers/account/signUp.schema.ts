import { z } from "zod";

export const SignUpInput = z.object({
  email: z.email("Enter a valid email address.").max(254),
  password: z.string().min(10, "Use at least 10 characters.").max(200),
  name: z.string().trim().max(100).optional(),
});
