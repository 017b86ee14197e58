import { ApiError, type Id } from "@vgen/contracts";
import { type Db, getDb, newId, type OrgRole } from "@vgen/db";
import { activeMembership } from "@vgen/engine/orgs";
import { getSessionUser, type SessionUser } from "../auth/session";
import { accessOf, type Permission, roleAllows } from "../permissions";
import { apiErrorOf } from "../errors/convert";
import { errorResponse } from "../errors/http";
import { crossSiteRequestProblem } from "./same-origin";

interface SessionContext {
  req: Request;
  db: Db;
  /** The signed-in person. */
  user: SessionUser;
  /** The organization the session acts for: every read must filter by it (tenant isolation). */
  accountId: Id<"acct">;
  role: OrgRole;
}

type SessionHandler<P> = (ctx: SessionContext, params: P) => Promise<Response>;

/**
 * The dashboard's own routes under /api/dashboard (downloads, the playground's stream), like
 * withApiKey for the public API: a change must come from the app's pages, the caller must be signed
 * in with a role the permission table allows for `permission`, and whatever the handler throws is
 * answered with the catalog's error envelope.
 */
export function withSession<P = unknown>(permission: Permission & `route:${string}`, handler: SessionHandler<P>) {
  return async (req: Request, route: { params: Promise<P> }): Promise<Response> => {
    const requestId = newId("req");
    try {
      const crossSite = crossSiteRequestProblem(req);
      if (crossSite) throw crossSite;
      const user = await getSessionUser();
      if (!user) throw new ApiError("not_signed_in", "Sign in to the dashboard to continue.");
      const db = getDb();
      const { accountId, role } = await activeMembership(db, user.sessionId, user.id);
      const access = accessOf(permission);
      if (!access || !roleAllows(access, role))
        throw new ApiError("role_not_allowed", `Your role in this organization (${role}) does not allow this.`);
      return await handler({ req, db, user, accountId, role }, await route.params);
    } catch (err) {
      return errorResponse(apiErrorOf(err, { requestId, path: new URL(req.url).pathname }), requestId);
    }
  };
}
