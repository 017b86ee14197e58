import type { z } from "zod";
import { resetPassword } from "@vgen/engine/auth";
import type { TRPCContext } from "../../trpc";
import type { ResetPasswordInput } from "./resetPassword.schema";

export function resetPasswordHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof ResetPasswordInput> }) {
  return resetPassword(ctx.db, input.token, input.password);
}
