import type { z } from "zod";
import { revokeKeyAsStaff } from "@vgen/engine";
import { mapSupportErrors, type StaffCtx } from "./errors";
import type { RevokeKeyInput } from "./revokeKey.schema";

export function revokeKeyHandler({ ctx, input }: { ctx: StaffCtx; input: z.infer<typeof RevokeKeyInput> }) {
  return mapSupportErrors(() => revokeKeyAsStaff(ctx.db, { keyId: input.keyId, reason: input.reason, actorId: ctx.user.id }));
}
