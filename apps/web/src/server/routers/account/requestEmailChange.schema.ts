import { z } from "zod";
import { CurrentPassword } from "./common.schema";

export const RequestEmailChangeInput = z.object({
  newEmail: z.email("Enter a valid email address.").max(254),
  currentPassword: CurrentPassword,
});
