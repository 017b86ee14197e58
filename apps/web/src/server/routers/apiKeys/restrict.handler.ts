import type { z } from "zod";
import { restrictApiKey } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { RestrictKeyInput } from "./restrict.schema";
import { toKeyRestrictions } from "@vgen/contracts";

/** Edits a live key's restrictions; every web process applies them from the next request on. */
export async function restrictHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RestrictKeyInput> }) {
  const restrictions = await restrictApiKey(
    ctx.db,
    ctx.accountId,
    input.id,
    toKeyRestrictions(input.restrictions),
    memberActor(ctx),
  );
  return { id: input.id, ...restrictions };
}
