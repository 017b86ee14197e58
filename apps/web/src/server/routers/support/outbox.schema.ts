import { z } from "zod";

export const OutboxInput = z.object({
  recipient: z.string().trim().max(254).nullish(),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(100).default(25),
});
