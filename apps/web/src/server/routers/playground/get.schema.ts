import { z } from "zod";

export const GenerationIdInput = z.object({ id: z.string().min(1).max(64) });
