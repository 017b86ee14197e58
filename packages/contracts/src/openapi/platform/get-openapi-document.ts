import type { OperationDoc } from "../operation-doc";
import { errorResponses } from "../error-responses";
import { publicOkHeaders } from "../headers";
import { noApiKey } from "../security";

export const getOpenApiDocument = (baseUrl: string): OperationDoc => ({
  tags: ["Platform"],
  summary: "This OpenAPI document",
  description: "The OpenAPI 3.1 document, generated from the schemas that validate requests. Public, no API key.",
  security: noApiKey,
  responses: {
    "200": {
      description: "The document.",
      headers: publicOkHeaders,
      content: { "application/json": { schema: { type: "object" } } },
    },
    ...errorResponses(baseUrl, ["rate_limited", "internal_error"], false),
  },
});
