import { z } from "zod";
import { Dollars, Id } from "./common.schema";

export const GrantInput = z.object({
  requestId: Id,
  amount: Dollars,
  response: z.string().trim().min(1, "Write a response for the user.").max(2000),
});
export const DeclineInput = z.object({
  requestId: Id,
  response: z.string().trim().min(1, "Write a response for the user.").max(2000),
});
