import type { z } from "zod";
import { resetTwoFactorAsStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { ResetTwoFactorInput } from "./resetTwoFactor.schema";

export function resetTwoFactorHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof ResetTwoFactorInput> }) {
  return resetTwoFactorAsStaff(ctx.db, { accountId: input.accountId, reason: input.reason, actorId: ctx.user.id });
}
