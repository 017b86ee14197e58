import type { z } from "zod";
import { issueAccountLinkAsStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AccountLinkInput } from "./accountLink.schema";

/** A fresh reset or verification link for staff to hand to the owner directly (when mail does not reach them). */
export function accountLinkHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountLinkInput> }) {
  return issueAccountLinkAsStaff(ctx.db, { ...input, actorId: ctx.user.id });
}
