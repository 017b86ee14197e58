import type { z } from "zod";
import { claimDomain } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { ClaimDomainInput } from "./claimDomain.schema";

/** Claims an email domain for the active organization; it stays unverified until its TXT record is seen. */
export function claimDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ClaimDomainInput> }) {
  return claimDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domain: input.domain });
}
