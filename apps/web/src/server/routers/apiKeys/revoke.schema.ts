import { z } from "zod";

export const KeyIdInput = z.object({ id: z.string().min(1).max(64) });
