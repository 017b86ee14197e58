import type { z } from "zod";
import { setAccountStatus } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { SetAccountStatusInput } from "./setStatus.schema";

export function setStatusHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof SetAccountStatusInput> }) {
  return setAccountStatus(ctx.db, { ...input, actorId: ctx.user.id });
}
