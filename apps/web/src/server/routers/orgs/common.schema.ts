import { idSchema } from "@vgen/contracts";
import { z } from "zod";

export const OrgRoleInput = z.enum(["owner", "admin", "developer", "billing", "viewer"]);
export const AccountIdInput = idSchema("acct");
/** An invitation link's token (base58, as issued). */
export const InvitationToken = z
  .string()
  .min(20)
  .max(64)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, "Not an invitation token.");
