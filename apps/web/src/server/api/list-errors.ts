import { listErrors } from "@vgen/contracts";
import { config } from "@vgen/engine/platform";
import { json } from "@/server/http/respond";
import { methodNotAllowed, withPublic } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

/** The error catalog as JSON: the same source as the /errors page. Public. */
export const GET = withPublic(async () =>
  json(200, { object: "list", data: listErrors(config().publicBaseUrl) }, { "cache-control": "public, max-age=300" }),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
