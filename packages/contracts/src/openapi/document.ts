/**
 * The OpenAPI 3.1 document of the public API, assembled from the route table (../api-operations.ts),
 * one file of metadata per operation (./generations, ./catalog, ./billing, ./platform, ./webhooks)
 * and the shared components (bearer scheme, error responses per status). Operations use the same zod schemas that validate requests
 * (../generation.ts, ../list-query.ts) and the error catalog (../errors.ts): nothing here
 * restates a request shape by hand, so a changed schema or catalog entry changes the document.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { CreateGenerationBody, GenerationRecord } from "../generation";
import { ErrorEnvelope } from "../responses";
import { codesByStatus } from "./error-responses";
import { operationConfigs } from "./operations";
import { apiKeyRequired, bearerAuthScheme } from "./security";
import { WEBHOOKS } from "./webhooks/generation-events";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0-dev";

function describeApi(baseUrl: string): string {
  const groups = [...codesByStatus().entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `- **${status}**: ${codes.map((c) => `\`${c}\``).join(", ")}`)
    .join("\n");
  return [
    "Turn a text prompt, optionally with image references, into an H.264 MP4 clip. Billed per second of produced video.",
    "",
    "Every call sends `Authorization: Bearer <API_KEY>` and JSON in UTF-8 (bodies over 64 KiB are refused; unknown body fields are refused with `unknown_parameter`). " +
      "Every response carries `X-Request-Id`; authenticated responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.",
    "",
    `Errors answer with \`{"error": {"code", "type", "message", "param", "doc_url", "request_id"}}\`. The full error catalog, with the fix for each code, is at ${baseUrl}/errors (JSON: GET /api/v1/errors).`,
    "",
    "Output files (`output[].url`, `output[].poster_url`) are kept until the record's `output[].expires_at` (the request's `retention_days`, else the account's setting, default 30 days); then they are deleted and answer `410 output_expired` with this error body.",
    "",
    // The list right under its lead line: one block, so a renderer keeps them together.
    `Codes by HTTP status (any endpoint; unknown paths answer \`404 route_not_found\`, a wrong method \`405 method_not_allowed\`):\n${groups}`,
    "",
    "API status: in development.",
  ].join("\n");
}

/** Builds the whole document; `baseUrl` is the public address (used for servers and doc_url links). */
export function buildOpenApiDocument(baseUrl: string) {
  const base = baseUrl.replace(/\/$/, "");
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", bearerAuthScheme);
  for (const operation of operationConfigs(base)) registry.registerPath(operation);
  for (const webhook of WEBHOOKS) registry.registerWebhook(webhook);

  const generator = new OpenApiGeneratorV31([
    ...registry.definitions,
    // Schemas named by their `.meta({ id })`; listed so raw $refs to them always resolve.
    { type: "schema", schema: ErrorEnvelope },
    { type: "schema", schema: GenerationRecord },
    { type: "schema", schema: CreateGenerationBody },
  ]);
  return generator.generateDocument({
    openapi: OPENAPI_VERSION,
    info: {
      title: "vgen video generation API",
      version: API_VERSION,
      description: describeApi(base),
      // A paid service, not open source (the SDK's package is UNLICENSED too); SPDX's form for a license it does not list.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: base, description: "This deployment" }],
    security: apiKeyRequired,
    tags: [
      { name: "Generations", description: "Create, follow, fetch, list and cancel video generations." },
      { name: "Catalog", description: "The models you can generate with." },
      { name: "Billing", description: "The account's balance." },
      { name: "Platform", description: "Public endpoints: error catalog, status, this document." },
      {
        name: "Webhooks",
        description:
          "Events POSTed to a request's `webHook` (the terminal three unless `webHookEvents` says otherwise) or, without one, to each enabled account endpoint subscribed to them. Standard Webhooks signatures; retried with backoff.",
      },
    ],
    externalDocs: { description: "error catalog", url: `${base}/errors` },
  });
}
