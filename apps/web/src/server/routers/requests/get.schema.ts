import { z } from "zod";

export const RequestGetInput = z.object({ id: z.string().min(1).max(100) });
