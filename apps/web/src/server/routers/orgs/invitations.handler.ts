import { listInvitations } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";

/** The active organization's invitations still waiting for an answer. */
export async function invitationsHandler({ ctx }: { ctx: AuthedContext }) {
  return listInvitations(ctx.db, ctx.accountId);
}
