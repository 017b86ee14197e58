import type { z } from "zod";
import { rollEndpointSecret } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";
import type { EndpointIdInput } from "./endpoint.schema";

/** A new signing secret for one endpoint, shown this once. */
export async function rollEndpointSecretHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof EndpointIdInput> }) {
  return { secret: await rollEndpointSecret(ctx.db, ctx.user.id, input.id) };
}
