import type { z } from "zod";
import { sendTestEvent } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";
import type { SendTestEventInput } from "./sendTestEvent.schema";

/** POSTs a signed `webhook.test` to the endpoint now; the outcome is also in its delivery log. */
export function sendTestEventHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SendTestEventInput> }) {
  return sendTestEvent(ctx.db, ctx.accountId, input.id);
}
