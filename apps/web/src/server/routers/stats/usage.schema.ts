import { z } from "zod";

export const UsageInput = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]).default(7),
  modelId: z.string().max(100).nullish(),
  apiKeyId: z.string().max(100).nullish(),
  projectId: z.string().max(64).nullish(),
});
