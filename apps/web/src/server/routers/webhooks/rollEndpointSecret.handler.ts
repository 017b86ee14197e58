import type { z } from "zod";
import { rollEndpointSecret } from "@vgen/engine/delivery";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { RollEndpointSecretInput } from "./rollEndpointSecret.schema";

/** A new signing secret for one endpoint, shown this once. */
export async function rollEndpointSecretHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof RollEndpointSecretInput>;
}) {
  return { secret: await rollEndpointSecret(ctx.db, ctx.accountId, input.id, memberActor(ctx)) };
}
