import { ApiError } from "@vgen/contracts";
import { type Db, getDb, newId } from "@vgen/db";
import { getSessionUser, type SessionUser } from "../auth/session";
import { apiErrorOf } from "../errors/convert";
import { errorResponse } from "../errors/http";
import { crossSiteRequestProblem } from "./same-origin";

interface SessionContext {
  req: Request;
  db: Db;
  /** The signed-in account; every read must filter by user.id (tenant isolation). */
  user: SessionUser;
}

type SessionHandler<P> = (ctx: SessionContext, params: P) => Promise<Response>;

/**
 * The dashboard's own routes under /api/dashboard (downloads, the playground's stream), like
 * withApiKey for the public API: a change must come from the app's pages, the caller must be signed
 * in, and whatever the handler throws is answered with the catalog's error envelope.
 */
export function withSession<P = unknown>(handler: SessionHandler<P>) {
  return async (req: Request, route: { params: Promise<P> }): Promise<Response> => {
    const requestId = newId("req");
    try {
      const crossSite = crossSiteRequestProblem(req);
      if (crossSite) throw crossSite;
      const user = await getSessionUser();
      if (!user) throw new ApiError("not_signed_in", "Sign in to the dashboard to continue.");
      return await handler({ req, db: getDb(), user }, await route.params);
    } catch (err) {
      return errorResponse(apiErrorOf(err, { requestId, path: new URL(req.url).pathname }), requestId);
    }
  };
}
