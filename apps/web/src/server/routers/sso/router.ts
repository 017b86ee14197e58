import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { claimDomainHandler } from "./claimDomain.handler";
import { ClaimDomainInput } from "./claimDomain.schema";
import { overviewHandler } from "./overview.handler";
import { removeConnectionHandler } from "./removeConnection.handler";
import { removeDomainHandler } from "./removeDomain.handler";
import { RemoveDomainInput } from "./removeDomain.schema";
import { saveConnectionHandler } from "./saveConnection.handler";
import { SaveConnectionInput } from "./saveConnection.schema";
import { verifyDomainHandler } from "./verifyDomain.handler";
import { VerifyDomainInput } from "./verifyDomain.schema";

/** Single sign-on of the active organization: its email domains and its OpenID Connect provider (owners only). */
export const ssoRouter = createTRPCRouter({
  overview: protectedProcedure.query(overviewHandler),
  claimDomain: protectedProcedure.input(ClaimDomainInput).mutation(claimDomainHandler),
  verifyDomain: protectedProcedure.input(VerifyDomainInput).mutation(verifyDomainHandler),
  removeDomain: protectedProcedure.input(RemoveDomainInput).mutation(removeDomainHandler),
  saveConnection: protectedProcedure.input(SaveConnectionInput).mutation(saveConnectionHandler),
  removeConnection: protectedProcedure.mutation(removeConnectionHandler),
});
