import { listOrganizations } from "@vgen/engine/orgs";
import type { AuthedContext } from "../../trpc";

/** The organizations the signed-in person belongs to, and which one the session acts for. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const organizations = await listOrganizations(ctx.db, ctx.user.id);
  return { active: ctx.accountId, organizations };
}
