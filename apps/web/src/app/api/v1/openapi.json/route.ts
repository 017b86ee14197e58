import { getOpenApiDocumentRoute } from "@/server/api/get-openapi-document";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const GET = getOpenApiDocumentRoute;
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
