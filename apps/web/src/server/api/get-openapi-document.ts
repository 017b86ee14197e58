import { buildOpenApiDocument } from "@vgen/contracts";
import { env } from "@vgen/config";
import { withPublic } from "../http/with-public";

/** Built once per process: the document only changes with the code. */
let cached: { baseUrl: string; body: string } | null = null;

function documentText(baseUrl: string): string {
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, body: JSON.stringify(buildOpenApiDocument(baseUrl)) };
  return cached.body;
}

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the zod schemas that validate requests. Public. */
export const getOpenApiDocumentRoute = withPublic(
  async () =>
    new Response(documentText(env().PUBLIC_BASE_URL), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=300",
        "access-control-allow-origin": "*",
      },
    }),
);
