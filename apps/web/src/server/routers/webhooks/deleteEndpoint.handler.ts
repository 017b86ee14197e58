import type { z } from "zod";
import { deleteEndpoint } from "@vgen/engine/delivery";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { DeleteEndpointInput } from "./deleteEndpoint.schema";

/** Deletes an endpoint together with its delivery log. */
export async function deleteEndpointHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DeleteEndpointInput> }) {
  await deleteEndpoint(ctx.db, ctx.accountId, input.id, memberActor(ctx));
  return { deleted: true };
}
