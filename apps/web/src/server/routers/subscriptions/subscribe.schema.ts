import { z } from "zod";

export const SubscribeInput = z.object({ modelId: z.string().min(1).max(100) });
