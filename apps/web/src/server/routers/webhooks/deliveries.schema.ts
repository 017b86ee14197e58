import { z } from "zod";

export const DeliveriesInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).nullish(),
  generationId: z.string().trim().max(64).optional(),
  endpointId: z.string().trim().max(64).optional(),
});
