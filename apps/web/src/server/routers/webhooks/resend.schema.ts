import { z } from "zod";

export const ResendInput = z.object({ deliveryId: z.string().regex(/^whd_[1-9A-HJ-NP-Za-km-z]+$/, "Not a delivery id.") });
