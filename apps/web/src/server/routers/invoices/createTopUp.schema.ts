import { z } from "zod";

export const CreateTopUpInput = z.object({
  /** Dollars as typed, e.g. "25" or "25.50"; parsed without floats on the server. */
  amount: z.string().trim().min(1, "Enter an amount.").max(20),
});
