import { idSchema } from "@vgen/contracts";
import { z } from "zod";

/** Every endpoint action names one endpoint of the signed-in account. */
export const EndpointIdInput = z.object({ id: idSchema("whe", "Not a webhook endpoint id.") });
