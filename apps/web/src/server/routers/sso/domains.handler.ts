import type { z } from "zod";
import { claimDomain, removeDomain, verifyDomain } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { ClaimDomainInput } from "./claimDomain.schema";
import type { DomainIdInput } from "./common.schema";

export function claimDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ClaimDomainInput> }) {
  return claimDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domain: input.domain });
}

export function verifyDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DomainIdInput> }) {
  return verifyDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domainId: input.id });
}

export async function removeDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DomainIdInput> }) {
  await removeDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domainId: input.id });
  return { ok: true as const };
}
