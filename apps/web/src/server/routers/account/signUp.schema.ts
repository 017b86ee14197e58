import { z } from "zod";
import { NewPassword } from "./common.schema";

export const SignUpInput = z.object({
  email: z.email("Enter a valid email address.").max(254),
  password: NewPassword,
  name: z.string().trim().max(100).optional(),
});
