import type { OperationDoc } from "../operation-doc";
import { ModelList } from "../../responses";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

export const listModels = (baseUrl: string): OperationDoc => ({
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
