import { z } from "zod";
import { Dollars, Id, Reason } from "./common.schema";

/** amount: optional partial refund in dollars; the full charge when omitted. */
export const RefundInput = z.object({ generationId: Id, reason: Reason, amount: Dollars.nullish() });
