import { listErrors } from "@vgen/contracts";
import { env } from "@vgen/config";
import { json } from "../http/respond";
import { withPublic } from "../http/with-public";

/** GET /api/v1/errors: the error catalog as JSON, the same source as the /errors page. Public. */
export const listErrorsRoute = withPublic(async () =>
  json(200, { object: "list", data: listErrors(env().PUBLIC_BASE_URL) }, { "cache-control": "public, max-age=300" }),
);
