import { idSchema, ORG_ROLES } from "@vgen/contracts";
import { z } from "zod";

export const OrgRoleInput = z.enum(ORG_ROLES);
export const AccountIdInput = idSchema("acct");
/** An invitation link's token (base58, as issued). */
export const InvitationToken = z
  .string()
  .min(20)
  .max(64)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, "Not an invitation token.");
