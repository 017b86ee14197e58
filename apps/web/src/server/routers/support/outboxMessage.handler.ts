import type { z } from "zod";
import { readOutboundEmailAsStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { OutboxMessageInput } from "./outboxMessage.schema";

/** One message in full; the engine records the read in the audit log (a body can hold a live link). */
export function outboxMessageHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof OutboxMessageInput> }) {
  return readOutboundEmailAsStaff(ctx.db, { emailId: input.emailId, actorId: ctx.user.id, actorRole: ctx.user.role });
}
