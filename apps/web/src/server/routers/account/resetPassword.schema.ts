import { z } from "zod";
import { NewPassword } from "./common.schema";

const LinkToken = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, "This link is malformed.");

export const ResetPasswordInput = z.object({ token: LinkToken, password: NewPassword });
