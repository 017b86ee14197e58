import type { OperationDoc } from "../operation-doc";
import { ListQuery } from "../../list-query";
import { GenerationList } from "../../responses";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { EXAMPLE_COMPLETED } from "../examples";
import { okHeaders } from "../headers";
import { apiKeyRequired } from "../security";

/** Its query is the same schema that validates the request. */
export const listGenerations = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "List generations",
  description: "The account's generations, newest first, a page at a time.",
  security: apiKeyRequired,
  request: { query: ListQuery },
  responses: {
    "200": {
      description: "A page of generations.",
      headers: okHeaders,
      content: {
        "application/json": {
          schema: GenerationList,
          example: {
            object: "list",
            data: [EXAMPLE_COMPLETED],
            has_more: true,
            next_cursor: "eyJ0IjoiMjAyNi0xMS0yMVQxNToxNjo1N1oifQ",
          },
        },
      },
    },
    ...errorResponses(baseUrl, ["invalid_parameter", "invalid_cursor", ...AUTH_ERRORS], true),
  },
});
