import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { ModelList } from "../../responses";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

/** GET /api/v1/models */
export const listModels = (baseUrl: string): RouteConfig => ({
  method: "get",
  path: "/api/v1/models",
  operationId: "listModels",
  tags: ["Catalog"],
  summary: "List models",
  description:
    "The enabled catalog models with price, limits, queue, sizes and durations. A key restricted to some models lists only those.",
  security: apiKeyRequired,
  responses: {
    "200": { description: "The catalog.", headers: okHeaders, content: { "application/json": { schema: ModelList } } },
    ...errorResponses(baseUrl, AUTH_ERRORS, true),
  },
});
