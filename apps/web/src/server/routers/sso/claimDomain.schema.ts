import { z } from "zod";

export const ClaimDomainInput = z.object({ domain: z.string().trim().min(4).max(253) });
