import type { z } from "zod";
import { disableTwoFactor } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { DisableTwoFactorInput } from "./disableTwoFactor.schema";

export async function disableTwoFactorHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof DisableTwoFactorInput>;
}) {
  await disableTwoFactor(ctx.db, { accountId: ctx.user.id, ...input });
  return { disabled: true };
}
