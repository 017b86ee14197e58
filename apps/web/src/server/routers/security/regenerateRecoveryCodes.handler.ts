import type { z } from "zod";
import { regenerateRecoveryCodes } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { RegenerateRecoveryCodesInput } from "./regenerateRecoveryCodes.schema";

export function regenerateRecoveryCodesHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof RegenerateRecoveryCodesInput>;
}) {
  return regenerateRecoveryCodes(ctx.db, { accountId: ctx.user.id, ...input });
}
