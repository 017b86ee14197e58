import type { z } from "zod";
import { setAccountStatus } from "@vgen/engine";
import { mapSupportErrors, type StaffCtx } from "./errors";
import type { SetAccountStatusInput } from "./setStatus.schema";

export function setStatusHandler({ ctx, input }: { ctx: StaffCtx; input: z.infer<typeof SetAccountStatusInput> }) {
  return mapSupportErrors(() => setAccountStatus(ctx.db, { ...input, actorId: ctx.user.id }));
}
