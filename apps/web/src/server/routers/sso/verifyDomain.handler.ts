import type { z } from "zod";
import { verifyDomain } from "@vgen/engine/sso";
import type { AuthedContext } from "../../trpc";
import type { VerifyDomainInput } from "./verifyDomain.schema";

/** Looks up the domain's TXT record now; an id of another organization's domain is not found. */
export function verifyDomainHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof VerifyDomainInput> }) {
  return verifyDomain(ctx.db, { accountId: ctx.accountId, actorId: ctx.user.id, domainId: input.id });
}
