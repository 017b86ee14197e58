import { z } from "zod";

/** Every endpoint action names one endpoint of the signed-in account. */
export const EndpointIdInput = z.object({ id: z.string().regex(/^whe_[1-9A-HJ-NP-Za-km-z]+$/, "Not a webhook endpoint id.") });
