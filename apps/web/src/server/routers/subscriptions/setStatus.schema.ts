import { z } from "zod";

export const SetStatusInput = z.object({ modelId: z.string().min(1).max(100), status: z.enum(["active", "paused"]) });
