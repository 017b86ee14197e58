import { listMembers } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";

/** The active organization's members and roles; `you` is the caller and `yourRole` their role. */
export async function membersHandler({ ctx }: { ctx: AuthedContext }) {
  const members = await listMembers(ctx.db, ctx.accountId);
  return { you: ctx.user.id, yourRole: ctx.role, organizationId: ctx.accountId, members };
}
