import type { z } from "zod";
import { confirmTwoFactorEnrollment } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { ConfirmTwoFactorInput } from "./confirmTwoFactor.schema";

export function confirmTwoFactorHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ConfirmTwoFactorInput> }) {
  return confirmTwoFactorEnrollment(ctx.db, ctx.user.id, input.code);
}
