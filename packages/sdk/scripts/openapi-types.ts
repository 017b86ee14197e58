// Renders the SDK's wire types from the OpenAPI document the server serves at /api/v1/openapi.json,
// which is built from the zod schemas in @vgen/contracts (the one source of request shapes). Dev-time
// only: the published package ships the generated file, not this script or its dependencies.
import { buildOpenApiDocument } from "@vgen/contracts";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

export const GENERATED_FILE = new URL("../src/openapi.generated.ts", import.meta.url);

export async function renderOpenApiTypes(): Promise<string> {
  // The base URL only appears in examples and doc links; a fixed one keeps the output stable.
  const document = buildOpenApiDocument("http://localhost:3000");
  const ast = await openapiTS(JSON.stringify(document), { silent: true });
  return `${COMMENT_HEADER.replace("Do not make direct changes to the file.", "Do not edit: regenerate with `pnpm --filter @vgen/sdk generate-types`.")}${astToString(ast)}`;
}
