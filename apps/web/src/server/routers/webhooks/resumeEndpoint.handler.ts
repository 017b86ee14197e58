import type { z } from "zod";
import { resumeEndpoint } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";
import type { ResumeEndpointInput } from "./resumeEndpoint.schema";

/** Resumes an endpoint paused after repeated failures; its held events are queued now. */
export function resumeEndpointHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ResumeEndpointInput> }) {
  return resumeEndpoint(ctx.db, ctx.accountId, input.id);
}
