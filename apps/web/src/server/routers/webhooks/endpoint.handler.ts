import type { z } from "zod";
import { getEndpoint } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";
import type { EndpointInput } from "./endpoint.schema";

/** One endpoint of the account (never its secret). */
export function endpointHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof EndpointInput> }) {
  return getEndpoint(ctx.db, ctx.accountId, input.id);
}
