import { idSchema } from "@vgen/contracts";
import { z } from "zod";

export const ResendInput = z.object({ deliveryId: idSchema("whd", "Not a delivery id.") });
