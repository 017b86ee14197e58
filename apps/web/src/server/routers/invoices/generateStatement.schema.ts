import { z } from "zod";

export const GenerateStatementInput = z.object({
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Pick a month (YYYY-MM)."),
});
