import { CUSTOMER_AUDIT_ACTIONS } from "@vgen/contracts";
import { z } from "zod";
import { AccountIdInput } from "./common.schema";

export const AuditLogInput = z.object({
  limit: z.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).nullish(),
  action: z.enum(CUSTOMER_AUDIT_ACTIONS).optional(),
  /** A member's person id: only what they did. */
  actorId: AccountIdInput.optional(),
});
