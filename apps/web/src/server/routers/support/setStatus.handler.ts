import type { z } from "zod";
import { setAccountStatus } from "@vgen/engine";
import { mapSupportErrors } from "./errors";
import type { SetAccountStatusInput } from "./setStatus.schema";
import type { StaffContext } from "../../trpc";

export function setStatusHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof SetAccountStatusInput> }) {
  return mapSupportErrors(() => setAccountStatus(ctx.db, { ...input, actorId: ctx.user.id }));
}
