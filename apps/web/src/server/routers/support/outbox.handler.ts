import type { z } from "zod";
import { listOutboundEmails } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { OutboxInput } from "./outbox.schema";

export function outboxHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof OutboxInput> }) {
  return listOutboundEmails(ctx.db, { recipient: input.recipient ?? undefined, cursor: input.cursor, limit: input.limit });
}
