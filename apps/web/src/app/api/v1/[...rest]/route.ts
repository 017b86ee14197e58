import { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { errorResponse } from "@/server/errors/http";

export const dynamic = "force-dynamic";

/** Unknown API paths answer with the JSON error envelope, never an HTML page. */
function notFound(req: Request) {
  const path = new URL(req.url).pathname;
  return errorResponse(new ApiError("route_not_found", `No endpoint ${req.method} ${path}.`), newId("req"));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
