import type { z } from "zod";
import { createEndpoint } from "@vgen/engine/delivery";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { CreateEndpointInput } from "./createEndpoint.schema";

/** Adds an endpoint; the answer carries its signing secret, the only time it is shown. */
export function createEndpointHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateEndpointInput> }) {
  return createEndpoint(ctx.db, ctx.accountId, input, memberActor(ctx));
}
