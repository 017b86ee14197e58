import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { changePassword, requestPasswordReset, resetPassword } from "@vgen/engine/auth";
import { consumeRateLimit } from "@vgen/engine/platform";
import { clientIp } from "../../http/client-ip";
import type { TRPCContext, AuthedContext } from "../../trpc";
import type { ChangePasswordInput, RequestResetInput, ResetPasswordInput } from "./password.schema";

const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 20;

/** Always the same answer, so the form does not tell who has an account. */
export async function requestResetHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof RequestResetInput> }) {
  const limit = await consumeRateLimit(`reset-request:${clientIp(ctx.headers)}`, RESET_REQUESTS_PER_ADDRESS_PER_HOUR, 3600);
  if (!limit.allowed) throw new ApiError("too_many_attempts", "Too many reset requests from this address. Try again in an hour.");
  await requestPasswordReset(ctx.db, input.email);
  return { requested: true };
}

export function resetPasswordHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof ResetPasswordInput> }) {
  return resetPassword(ctx.db, input.token, input.password);
}

export async function changePasswordHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ChangePasswordInput> }) {
  await changePassword(ctx.db, {
    accountId: ctx.user.id,
    sessionId: ctx.user.sessionId,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  });
  return { changed: true };
}
