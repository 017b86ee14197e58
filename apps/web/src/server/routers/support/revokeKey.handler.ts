import type { z } from "zod";
import { revokeKeyAsStaff } from "@vgen/engine";
import { mapSupportErrors } from "./errors";
import type { RevokeKeyInput } from "./revokeKey.schema";
import type { StaffContext } from "../../trpc";

export function revokeKeyHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof RevokeKeyInput> }) {
  return mapSupportErrors(() => revokeKeyAsStaff(ctx.db, { keyId: input.keyId, reason: input.reason, actorId: ctx.user.id }));
}
