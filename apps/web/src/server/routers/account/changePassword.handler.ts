import type { z } from "zod";
import { changePassword } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { ChangePasswordInput } from "./changePassword.schema";

export async function changePasswordHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ChangePasswordInput> }) {
  await changePassword(ctx.db, {
    accountId: ctx.user.id,
    sessionId: ctx.user.sessionId,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  });
  return { changed: true };
}
