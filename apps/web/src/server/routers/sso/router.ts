import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { ClaimDomainInput } from "./claimDomain.schema";
import { DomainIdInput } from "./common.schema";
import { removeConnectionHandler, saveConnectionHandler } from "./connection.handler";
import { claimDomainHandler, removeDomainHandler, verifyDomainHandler } from "./domains.handler";
import { overviewHandler } from "./overview.handler";
import { SaveConnectionInput } from "./saveConnection.schema";

/** Single sign-on of the active organization: its email domains and its OpenID Connect provider (owners only). */
export const ssoRouter = createTRPCRouter({
  overview: protectedProcedure.query(overviewHandler),
  claimDomain: protectedProcedure.input(ClaimDomainInput).mutation(claimDomainHandler),
  verifyDomain: protectedProcedure.input(DomainIdInput).mutation(verifyDomainHandler),
  removeDomain: protectedProcedure.input(DomainIdInput).mutation(removeDomainHandler),
  saveConnection: protectedProcedure.input(SaveConnectionInput).mutation(saveConnectionHandler),
  removeConnection: protectedProcedure.mutation(removeConnectionHandler),
});
