import { z } from "zod";

export const RevokeSessionInput = z.object({ sessionId: z.string().min(1).max(64) });
