import type { z } from "zod";
import { removeDomain } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { RemoveDomainInput } from "./removeDomain.schema";

/** Drops a claimed domain of the active organization. */
export async function removeDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RemoveDomainInput> }) {
  await removeDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domainId: input.id });
  return { ok: true as const };
}
