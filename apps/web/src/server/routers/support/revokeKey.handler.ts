import type { z } from "zod";
import { revokeKeyAsStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { RevokeKeyInput } from "./revokeKey.schema";

export function revokeKeyHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RevokeKeyInput> }) {
  return revokeKeyAsStaff(ctx.db, { keyId: input.keyId, reason: input.reason, actorId: ctx.user.id });
}
