import { z } from "zod";

export const GenerationDetailInput = z.object({ id: z.string().trim().min(1).max(64) });
