import type { z } from "zod";
import { updateEndpoint } from "@vgen/engine/delivery";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { UpdateEndpointInput } from "./updateEndpoint.schema";

/** Edits, disables or enables an endpoint. */
export function updateEndpointHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof UpdateEndpointInput> }) {
  const { id, ...patch } = input;
  return updateEndpoint(ctx.db, ctx.accountId, id, patch, memberActor(ctx));
}
